import type { Random } from "../random";
import type { RequestPlan } from "./plan";
import {
  ADAS_SERVICES,
  CALIBRATION_SERVICES,
  CONTROL_MODULES,
  DTC_TYPES,
  PROGRAMMING_SERVICES,
  SPECIAL_FUNCTIONS,
  SUBLET_SERVICES,
  type ControlModule,
  type ServiceItem,
} from "../reference/diagnostics";

/**
 * scan_responses.scan_result_details, in the shape of transactions-services-quotes.md §3
 * "Scan response".
 */
export interface DtcEntry {
  code: string;
  type?: string;
  description: string;
}

export interface ModuleResult {
  moduleName: string;
  /** "Success" means the module was read without trouble. */
  scanStatus: "Success" | "Fail";
  dtc: DtcEntry[];
  datalist: { name: string; value: string }[];
  specialFunctions: { functionName: string; status: "Success" | "Fail"; comments: string; scriptNumber: string }[];
}

export interface ScanResultDetails {
  year: number;
  make: string;
  model: string;
  vin: string;
  scanCompleteDateTime: string;
  modules: ModuleResult[];
  services: ServiceItem[];
  calibrationData: Record<string, string> | null;
  programmingData: Record<string, string> | null;
  sublet: { serviceType: string; description: string }[];
  primaryImpactCd: number[];
  secondaryImpactCd: number[];
}

const FUNCTION_COMMENTS = {
  Success: ["Completed within specification", "Verified after road test", "Completed, values within tolerance"],
  Fail: ["Precondition not met: battery voltage low", "Sensor did not respond", "Aborted by technician"],
} as const;

function moduleResult(random: Random, module: ControlModule, rich: boolean, withFunction: boolean): ModuleResult {
  // About a third of modules report trouble codes; the rest read "No Code(s) Returned".
  const codeCount = random.chance(0.35) ? random.int(1, rich ? Math.min(3, module.codes.length) : 1) : 0;
  const dtc = random.sample(module.codes, codeCount).map((code): DtcEntry => {
    const type = random.chance(0.8) ? random.pick(DTC_TYPES) : undefined;
    return type ? { code: code.code, type, description: code.description } : { code: code.code, description: code.description };
  });
  const data = rich ? module.data : [];
  const fn = withFunction ? random.pick(SPECIAL_FUNCTIONS) : null;
  const fnStatus = random.chance(0.85) ? "Success" : "Fail";
  return {
    moduleName: module.name,
    scanStatus: random.chance(0.93) ? "Success" : "Fail",
    dtc,
    datalist: data.map(([name, values]) => ({ name, value: random.pick(values) })),
    specialFunctions: fn
      ? [{ functionName: fn.functionName, status: fnStatus, comments: random.pick(FUNCTION_COMMENTS[fnStatus]), scriptNumber: fn.scriptNumber }]
      : [],
  };
}

/** Impact areas as numbered circles 1..15: primary (orange) and secondary (yellow), never both. */
function impactCodes(random: Random, plan: RequestPlan): [number[], number[]] {
  if (plan.scanType === "Programming" || plan.scanType === "Sublet") return [[], []];
  const areas = random.sample(
    Array.from({ length: 15 }, (_, i) => i + 1),
    random.int(1, 5),
  );
  const primaryCount = random.int(1, Math.min(3, areas.length));
  const sort = (list: number[]) => list.sort((a, b) => a - b);
  return [sort(areas.slice(0, primaryCount)), sort(areas.slice(primaryCount))];
}

/** `completedAt`: when the scan completed, as ISO text (Timeline.iso). */
export function buildScanResult(random: Random, plan: RequestPlan, completedAt: string): ScanResultDetails {
  const { vehicle, rich } = plan;
  const [primaryImpactCd, secondaryImpactCd] = impactCodes(random, plan);
  const result: ScanResultDetails = {
    year: vehicle.year,
    make: vehicle.make.code,
    model: vehicle.model.name,
    vin: vehicle.vin,
    scanCompleteDateTime: completedAt,
    modules: [],
    services: [],
    calibrationData: null,
    programmingData: null,
    sublet: [],
    primaryImpactCd,
    secondaryImpactCd,
  };
  const take = (items: readonly ServiceItem[], max: number) => random.sample(items, random.int(1, rich ? max : 1));

  switch (plan.scanType) {
    case "Scan": {
      const count = rich ? random.int(3, 8) : random.int(1, 2);
      result.modules = random.sample(CONTROL_MODULES, count).map((module) => moduleResult(random, module, rich, random.chance(rich ? 0.2 : 0.1)));
      if (rich && random.chance(0.3)) result.services = take(ADAS_SERVICES, 2);
      break;
    }
    case "Calibration": {
      result.services = take(CALIBRATION_SERVICES, 3);
      const camera = CONTROL_MODULES.find((m) => m.name.includes("(FCM)")) ?? CONTROL_MODULES[0];
      result.modules = [moduleResult(random, camera, rich, true)];
      result.calibrationData = {
        calibrationType: random.pick(["Static", "Dynamic"]),
        equipment: random.pick(["OEM target kit", "Aftermarket ADAS frame", "Road test"]),
        result: random.chance(0.92) ? "PASS" : "FAIL",
        technicianId: `T-${random.int(1000, 9999)}`,
      };
      break;
    }
    case "Programming": {
      result.services = take(PROGRAMMING_SERVICES, 2);
      const minor = random.int(10, 30);
      result.programmingData = {
        module: result.services[0].abbreviation,
        previousSoftware: `A2.${minor}`,
        newSoftware: `A2.${minor + random.int(1, 6)}`,
        result: random.chance(0.9) ? "PASS" : "FAIL",
      };
      break;
    }
    case "Adas":
      result.services = take(ADAS_SERVICES, 4);
      break;
    case "Sublet":
      result.sublet = random.sample(SUBLET_SERVICES, random.int(1, rich ? 2 : 1)).map((s) => ({ serviceType: s.serviceType, description: s.description }));
      break;
  }
  return result;
}
