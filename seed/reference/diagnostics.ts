/** What vehicle scans find: control modules, trouble codes, live data, special functions. */

export interface TroubleCode {
  code: string;
  description: string;
}

export interface ControlModule {
  name: string;
  codes: readonly TroubleCode[];
  data: readonly (readonly [name: string, values: readonly string[]])[];
}

function dtc(code: string, description: string): TroubleCode {
  return { code, description };
}

export const CONTROL_MODULES: readonly ControlModule[] = [
  {
    name: "Engine Control Module (ECM)",
    codes: [
      dtc("P0300", "Random/Multiple Cylinder Misfire Detected"),
      dtc("P0171", "System Too Lean (Bank 1)"),
      dtc("P0420", "Catalyst System Efficiency Below Threshold (Bank 1)"),
      dtc("P0128", "Coolant Thermostat Below Regulating Temperature"),
    ],
    data: [
      ["Engine Coolant Temperature", ["88 C", "91 C", "94 C"]],
      ["Battery Voltage", ["12.4 V", "12.6 V", "13.9 V"]],
    ],
  },
  {
    name: "Transmission Control Module (TCM)",
    codes: [dtc("P0700", "Transmission Control System Malfunction"), dtc("P0715", "Input/Turbine Speed Sensor Circuit")],
    data: [
      ["Transmission Fluid Temperature", ["64 C", "72 C"]],
      ["Gear Selected", ["P", "N"]],
    ],
  },
  {
    name: "Anti-lock Brake System (ABS)",
    codes: [
      dtc("C0035", "Left Front Wheel Speed Sensor Circuit"),
      dtc("C0040", "Right Front Wheel Speed Sensor Circuit"),
      dtc("C0265", "EBCM Motor Relay Circuit"),
    ],
    data: [
      ["Brake Pedal Position", ["0 %", "2 %"]],
      ["Wheel Speed LF", ["0 km/h"]],
    ],
  },
  {
    name: "Supplemental Restraint System (SRS)",
    codes: [
      dtc("B0001", "Driver Frontal Stage 1 Deployment Control"),
      dtc("B0028", "Right Side Airbag Deployment Control"),
      dtc("B0052", "Deployment Commanded"),
    ],
    data: [
      ["Crash Data Stored", ["No", "Yes"]],
      ["Passenger Airbag Status", ["On", "Off"]],
    ],
  },
  {
    name: "Body Control Module (BCM)",
    codes: [dtc("B1342", "ECU Is Faulted"), dtc("U0140", "Lost Communication With Body Control Module")],
    data: [
      ["Software Version", ["A2.14.03", "A2.16.01"]],
      ["Ignition Status", ["Run"]],
    ],
  },
  {
    name: "Instrument Panel Cluster (IPC)",
    codes: [dtc("U0155", "Lost Communication With Instrument Panel Cluster")],
    data: [["Odometer", ["18,402 mi", "42,180 mi", "77,915 mi"]]],
  },
  {
    name: "Electric Power Steering (EPS)",
    codes: [dtc("C0545", "Steering Angle Sensor Circuit"), dtc("C0460", "Steering Position Sensor Not Calibrated")],
    data: [["Steering Angle", ["0.0 deg", "-1.5 deg", "2.0 deg"]]],
  },
  {
    name: "Forward Camera Module (FCM)",
    codes: [dtc("U0428", "Invalid Data Received From Steering Angle Sensor Module"), dtc("C1A67", "Forward Camera Not Calibrated")],
    data: [["Calibration Status", ["Calibrated", "Not Calibrated"]]],
  },
  {
    name: "Radar Cruise Control Module (ACC)",
    codes: [dtc("U0235", "Lost Communication With Cruise Control Front Distance Range Sensor"), dtc("C1A00", "Radar Sensor Misaligned")],
    data: [["Radar Alignment Angle", ["0.2 deg", "1.8 deg"]]],
  },
  { name: "Blind Spot Monitor (BSM)", codes: [dtc("B1AC1", "Blind Spot Sensor Not Aligned")], data: [["Sensor Status Left", ["OK", "Blocked"]]] },
  { name: "Parking Assist Module (PAM)", codes: [dtc("B1A4F", "Rear Parking Sensor 2 Circuit Open")], data: [["Rear Sensors Active", ["4", "3"]]] },
  { name: "HVAC Control Module (HVAC)", codes: [dtc("B1262", "Blend Door Actuator Circuit")], data: [["Cabin Temperature", ["21 C", "23 C"]]] },
  {
    name: "Telematics Control Unit (TCU)",
    codes: [dtc("U0198", "Lost Communication With Telematic Control Module")],
    data: [["Network Registration", ["Registered", "Searching"]]],
  },
  { name: "Tire Pressure Monitor (TPMS)", codes: [dtc("C0750", "Left Front Tire Pressure Sensor")], data: [["Tire Pressure LF", ["35 psi", "28 psi"]]] },
];

export const DTC_TYPES = ["Current", "History", "Pending"] as const;

export interface SpecialFunction {
  scriptNumber: string;
  functionName: string;
  /** What the special_function_info table explains; null when no info is published for it. */
  info: { title: string; description: string; precondition: string; failureReasons: string } | null;
}

export const SPECIAL_FUNCTIONS: readonly SpecialFunction[] = [
  {
    scriptNumber: "SF-1001",
    functionName: "Steering Angle Sensor Calibration",
    info: {
      title: "Steering Angle Sensor (SAS) Calibration",
      description: "Teaches the stability control system the steering wheel's straight-ahead position.",
      precondition: "Wheels straight, vehicle on a level surface, engine running, no SAS-related DTCs.",
      failureReasons: "Steering wheel moved during calibration; wheel alignment out of specification; low battery voltage.",
    },
  },
  {
    scriptNumber: "SF-1002",
    functionName: "Forward Camera Static Calibration",
    info: {
      title: "Forward-Facing Camera Static Calibration",
      description: "Aligns the windshield camera to an OEM target placed at a measured distance.",
      precondition: "Level floor, OEM target placed per service information, fuel tank full, tire pressures set.",
      failureReasons: "Target position incorrect; poor lighting; windshield not OEM specification.",
    },
  },
  {
    scriptNumber: "SF-1003",
    functionName: "Radar Sensor Alignment",
    info: {
      title: "Front Radar Sensor Alignment",
      description: "Sets the vertical and horizontal aim of the adaptive cruise radar.",
      precondition: "Radar bracket undamaged, bumper cover installed, reflector placed per OEM procedure.",
      failureReasons: "Bent bracket; metallic paint repair over the sensor area; reflector misplaced.",
    },
  },
  {
    scriptNumber: "SF-1004",
    functionName: "Seat Weight Sensor Zero Point Calibration",
    info: {
      title: "Occupant Classification Zero Point Calibration",
      description: "Resets the passenger seat weight sensor so an empty seat reads zero.",
      precondition: "Seat empty, seat belt unbuckled, ignition on, no objects on the seat.",
      failureReasons: "Object on seat during calibration; seat frame damage; connector corrosion.",
    },
  },
  {
    scriptNumber: "SF-1005",
    functionName: "Clear Crash Data",
    info: {
      title: "Clear Stored Crash Data",
      description: "Clears crash records from the restraint control module after deployment repairs.",
      precondition: "All deployed components replaced and connected; ignition on.",
      failureReasons: "Module requires replacement after deployment; open circuit in a squib loop.",
    },
  },
  {
    scriptNumber: "SF-1006",
    functionName: "Throttle Body Relearn",
    info: {
      title: "Electronic Throttle Body Relearn",
      description: "Learns the closed-throttle position after throttle body cleaning or replacement.",
      precondition: "Engine at operating temperature, accessories off.",
      failureReasons: "Accelerator pedal pressed during relearn; vacuum leak.",
    },
  },
  {
    scriptNumber: "SF-1007",
    functionName: "TPMS Sensor Relearn",
    info: {
      title: "Tire Pressure Sensor Relearn",
      description: "Registers tire pressure sensor IDs with the receiver after wheel or sensor service.",
      precondition: "Tires inflated to placard pressure; TPMS activation tool available.",
      failureReasons: "Sensor battery depleted; sensor not activated within the time window.",
    },
  },
  {
    scriptNumber: "SF-1008",
    functionName: "Blind Spot Monitor Calibration",
    info: {
      title: "Blind Spot Radar Calibration",
      description: "Aligns the rear corner radar sensors after bumper or bracket repairs.",
      precondition: "Rear bumper installed, area behind the vehicle clear for 5 m.",
      failureReasons: "Bracket distortion; body filler thickness over the sensor area.",
    },
  },
  {
    scriptNumber: "SF-1009",
    functionName: "Battery Monitoring System Reset",
    info: {
      title: "Battery Monitoring System Reset",
      description: "Registers a replaced battery so the charging strategy matches its capacity.",
      precondition: "Battery fully charged; correct battery type selected.",
      failureReasons: "Wrong battery type; sensor not communicating.",
    },
  },
  // Published without additional info: the detail view shows that the info is not available.
  { scriptNumber: "SF-1010", functionName: "Window Initialization", info: null },
  { scriptNumber: "SF-1011", functionName: "Headlamp Aiming Reset", info: null },
  { scriptNumber: "SF-1012", functionName: "ABS Automated Bleed", info: null },
];

/** Service recommendations for the special-view scan types (system, subsystems, location, ...). */
export interface ServiceItem {
  system: string;
  subsystems: string;
  location: string;
  abbreviation: string;
  description: string;
  notes: string;
}

function service(system: string, subsystems: string, location: string, abbreviation: string, description: string, notes: string): ServiceItem {
  return { system, subsystems, location, abbreviation, description, notes };
}

export const CALIBRATION_SERVICES: readonly ServiceItem[] = [
  service(
    "ADAS",
    "Forward Collision Warning",
    "Windshield",
    "FCW",
    "Static calibration of the forward-facing camera",
    "Requires level floor and OEM target board",
  ),
  service("ADAS", "Adaptive Cruise Control", "Front Bumper", "ACC", "Radar sensor alignment", "Check bracket for damage before aiming"),
  service("ADAS", "Blind Spot Information", "Rear Bumper", "BLIS", "Rear corner radar calibration", "Bumper cover must be installed"),
  service("ADAS", "Lane Keeping Assist", "Windshield", "LKA", "Dynamic camera calibration by road test", "Clear lane markings required"),
  service("ADAS", "Surround View Camera", "Mirrors/Grille/Liftgate", "SVC", "Camera calibration with floor mats", "All four cameras calibrated together"),
  service("Chassis", "Steering Angle Sensor", "Steering Column", "SAS", "Steering angle sensor zero point calibration", "Perform after alignment"),
  service("Safety", "Occupant Classification", "Passenger Seat", "OCS", "Seat weight sensor zero point calibration", "Seat must be empty"),
];

export const PROGRAMMING_SERVICES: readonly ServiceItem[] = [
  service("Powertrain", "Engine Control Module", "Engine Bay", "ECM", "Module software update to latest calibration", "Battery maintainer required"),
  service("Body", "Keyless Entry", "Cabin", "PEPS", "Key fob programming", "All keys must be present"),
  service("Body", "Body Control Module", "Dash", "BCM", "Module replacement setup and configuration", "VIN write required"),
  service("Safety", "Restraint Control Module", "Center Console", "RCM", "Replacement module programming", "Clear crash data afterwards"),
];

export const ADAS_SERVICES: readonly ServiceItem[] = [
  service(
    "ADAS",
    "Forward Collision Warning",
    "Windshield",
    "FCW",
    "Camera calibration recommended after windshield replacement",
    "OEM position statement applies",
  ),
  service("ADAS", "Adaptive Cruise Control", "Front Bumper", "ACC", "Radar aim check recommended after front-end repair", "Inspect bracket"),
  service(
    "ADAS",
    "Rear Cross Traffic Alert",
    "Rear Bumper",
    "RCTA",
    "Radar calibration recommended after rear bumper refinish",
    "Paint thickness limits apply",
  ),
  service("ADAS", "Night Vision", "Grille", "NV", "Infrared camera aim check", "Specialist equipment required"),
];

export const SUBLET_SERVICES = [
  { serviceType: "Wheel Alignment", description: "Four-wheel alignment before ADAS calibration" },
  { serviceType: "Glass Replacement", description: "Windshield replacement with OEM glass" },
  { serviceType: "Mechanical Repair", description: "Suspension component replacement" },
  { serviceType: "Air Conditioning Service", description: "Evacuate and recharge refrigerant" },
  { serviceType: "Frame Measurement", description: "Three-dimensional frame measurement and report" },
] as const;
