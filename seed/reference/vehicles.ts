/**
 * Makes and models for scan requests. `code` is the make code (ALL_VEHICLE_MAKES and the scan
 * requests' make column), `wmi` the world manufacturer identifiers their VINs start with.
 * An engine of null is an electric vehicle (the UI shows N/A).
 */
export interface VehicleModel {
  name: string;
  bodyStyle: string;
  engines: readonly (string | null)[];
}

export interface VehicleMake {
  code: string;
  label: string;
  wmi: readonly string[];
  /** Relative share of scans. */
  weight: number;
  models: readonly VehicleModel[];
}

function model(name: string, bodyStyle: string, ...engines: (string | null)[]): VehicleModel {
  return { name, bodyStyle, engines };
}

export const VEHICLE_MAKES: readonly VehicleMake[] = [
  {
    code: "FORD",
    label: "Ford",
    wmi: ["1FA", "1FT", "1FM"],
    weight: 14,
    models: [
      model("F-150", "Pickup", "3.5L V6 EcoBoost", "5.0L V8", "2.7L V6 EcoBoost"),
      model("Escape", "SUV", "1.5L I3 Turbo", "2.0L I4 Turbo"),
      model("Explorer", "SUV", "2.3L I4 Turbo", "3.0L V6 Turbo"),
      model("Mustang", "Coupe", "2.3L I4 Turbo", "5.0L V8"),
      model("Mustang Mach-E", "SUV", null),
    ],
  },
  {
    code: "CHEVROLET",
    label: "Chevrolet",
    wmi: ["1G1", "1GC", "1GN"],
    weight: 12,
    models: [
      model("Silverado 1500", "Pickup", "5.3L V8", "2.7L I4 Turbo", "6.2L V8"),
      model("Equinox", "SUV", "1.5L I4 Turbo"),
      model("Malibu", "Sedan", "1.5L I4 Turbo"),
      model("Tahoe", "SUV", "5.3L V8"),
      model("Bolt EV", "Hatchback", null),
    ],
  },
  {
    code: "TOYOTA",
    label: "Toyota",
    wmi: ["4T1", "5TD", "JTM"],
    weight: 13,
    models: [
      model("Camry", "Sedan", "2.5L I4", "3.5L V6"),
      model("RAV4", "SUV", "2.5L I4", "2.5L I4 Hybrid"),
      model("Tacoma", "Pickup", "2.7L I4", "3.5L V6"),
      model("Highlander", "SUV", "3.5L V6", "2.4L I4 Turbo"),
      model("Corolla", "Sedan", "1.8L I4", "2.0L I4"),
    ],
  },
  {
    code: "HONDA",
    label: "Honda",
    wmi: ["1HG", "5J6", "2HK"],
    weight: 10,
    models: [
      model("Accord", "Sedan", "1.5L I4 Turbo", "2.0L I4 Hybrid"),
      model("Civic", "Sedan", "2.0L I4", "1.5L I4 Turbo"),
      model("CR-V", "SUV", "1.5L I4 Turbo"),
      model("Pilot", "SUV", "3.5L V6"),
    ],
  },
  {
    code: "ACURA",
    label: "Acura",
    wmi: ["19U", "5J8"],
    weight: 2,
    models: [model("MDX", "SUV", "3.5L V6", "3.0L V6 Turbo"), model("TLX", "Sedan", "2.0L I4 Turbo")],
  },
  {
    code: "NISSAN",
    label: "Nissan",
    wmi: ["1N4", "5N1"],
    weight: 7,
    models: [model("Altima", "Sedan", "2.5L I4", "2.0L I4 Turbo"), model("Rogue", "SUV", "1.5L I3 Turbo", "2.5L I4"), model("Sentra", "Sedan", "2.0L I4")],
  },
  {
    code: "RAM",
    label: "Ram",
    wmi: ["1C6", "3C6"],
    weight: 5,
    models: [model("1500", "Pickup", "5.7L V8 HEMI", "3.6L V6"), model("2500", "Pickup", "6.4L V8", "6.7L I6 Diesel")],
  },
  {
    code: "JEEP",
    label: "Jeep",
    wmi: ["1C4"],
    weight: 5,
    models: [model("Grand Cherokee", "SUV", "3.6L V6", "5.7L V8"), model("Wrangler", "SUV", "3.6L V6", "2.0L I4 Turbo"), model("Cherokee", "SUV", "2.4L I4")],
  },
  {
    code: "HYUNDAI",
    label: "Hyundai",
    wmi: ["KMH", "5NM"],
    weight: 5,
    models: [model("Elantra", "Sedan", "2.0L I4"), model("Tucson", "SUV", "2.5L I4"), model("Santa Fe", "SUV", "2.5L I4 Turbo"), model("Ioniq 5", "SUV", null)],
  },
  {
    code: "KIA",
    label: "Kia",
    wmi: ["KNA", "5XY"],
    weight: 4,
    models: [model("Sorento", "SUV", "2.5L I4"), model("Sportage", "SUV", "2.5L I4"), model("Forte", "Sedan", "2.0L I4")],
  },
  {
    code: "SUBARU",
    label: "Subaru",
    wmi: ["JF1", "4S4"],
    weight: 4,
    models: [model("Outback", "Wagon", "2.5L H4", "2.4L H4 Turbo"), model("Forester", "SUV", "2.5L H4"), model("Impreza", "Hatchback", "2.0L H4")],
  },
  {
    code: "BMW",
    label: "BMW",
    wmi: ["WBA", "5UX"],
    weight: 3,
    models: [model("3 Series", "Sedan", "2.0L I4 Turbo", "3.0L I6 Turbo"), model("X5", "SUV", "3.0L I6 Turbo", "4.4L V8 Turbo")],
  },
  {
    code: "MERCEDES-BENZ",
    label: "Mercedes-Benz",
    wmi: ["WDD", "4JG"],
    weight: 3,
    models: [model("C-Class", "Sedan", "2.0L I4 Turbo"), model("GLE", "SUV", "2.0L I4 Turbo", "3.0L I6 Turbo")],
  },
  { code: "TESLA", label: "Tesla", wmi: ["5YJ", "7SA"], weight: 3, models: [model("Model 3", "Sedan", null), model("Model Y", "SUV", null)] },
  {
    code: "VOLKSWAGEN",
    label: "Volkswagen",
    wmi: ["3VW", "1V2"],
    weight: 3,
    models: [model("Jetta", "Sedan", "1.5L I4 Turbo"), model("Atlas", "SUV", "2.0L I4 Turbo", "3.6L VR6")],
  },
  {
    code: "GMC",
    label: "GMC",
    wmi: ["1GT", "1GK"],
    weight: 3,
    models: [model("Sierra 1500", "Pickup", "5.3L V8", "6.2L V8"), model("Acadia", "SUV", "2.5L I4", "3.6L V6")],
  },
  { code: "LEXUS", label: "Lexus", wmi: ["JTH", "2T2"], weight: 2, models: [model("RX 350", "SUV", "3.5L V6"), model("ES 350", "Sedan", "3.5L V6")] },
  {
    code: "MAZDA",
    label: "Mazda",
    wmi: ["JM1", "JM3"],
    weight: 3,
    models: [model("CX-5", "SUV", "2.5L I4", "2.5L I4 Turbo"), model("Mazda3", "Sedan", "2.5L I4")],
  },
  { code: "AUDI", label: "Audi", wmi: ["WAU", "WA1"], weight: 2, models: [model("A4", "Sedan", "2.0L I4 Turbo"), model("Q5", "SUV", "2.0L I4 Turbo")] },
];

export const MAKE_BY_CODE: ReadonlyMap<string, VehicleMake> = new Map(VEHICLE_MAKES.map((make) => [make.code, make]));
