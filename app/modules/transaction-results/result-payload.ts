import { z } from "zod";

/**
 * scan_responses.scan_result_details (spec §3 "Scan response"), read leniently: the payload comes
 * from providers, so a missing or odd field becomes an empty value and one bad entry of a list is
 * dropped, never failing the whole view.
 */

/** Text from a string or a number; anything else (null, objects) reads as empty. */
const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .catch("");

/** A list whose entries that do not parse are dropped; anything but an array reads as empty. */
function lenientList<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((entries) =>
      entries.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

const dtcSchema = z.object({
  code: text,
  type: text.optional(),
  description: text.optional(),
});

const dataItemSchema = z.object({ name: text, value: text.optional() });

const specialFunctionSchema = z.object({
  functionName: text.optional(),
  status: text.optional(),
  comments: text.optional(),
  scriptNumber: text.optional(),
});

const moduleSchema = z.object({
  moduleName: text.optional(),
  scanStatus: text.optional(),
  dtc: lenientList(dtcSchema).optional(),
  datalist: lenientList(dataItemSchema).optional(),
  specialFunctions: lenientList(specialFunctionSchema).optional(),
});

const serviceSchema = z.object({
  system: text.optional(),
  subsystems: text.optional(),
  location: text.optional(),
  abbreviation: text.optional(),
  description: text.optional(),
  notes: text.optional(),
});

const subletSchema = z.object({ serviceType: text.optional(), description: text.optional() });

const payloadSchema = z.object({
  modules: lenientList(moduleSchema).optional(),
  services: lenientList(serviceSchema).optional(),
  sublet: lenientList(subletSchema).optional(),
});

export interface DtcEntry {
  code: string;
  /** Null when the provider sent no type. */
  type: string | null;
  description: string;
}

export interface SpecialFunctionResult {
  functionName: string;
  status: "Success" | "Fail";
  comments: string;
  scriptNumber: string;
}

export interface ModuleResult {
  moduleName: string;
  /** scanStatus "Success" (spec §3); anything else is shown as a failed module. */
  success: boolean;
  dtcs: DtcEntry[];
  dataList: { name: string; value: string }[];
  specialFunctions: SpecialFunctionResult[];
}

export interface ServiceRecommendation {
  system: string;
  subsystems: string;
  abbreviation: string;
  description: string;
}

export interface SubletService {
  serviceType: string;
  description: string;
}

export interface ScanResultPayload {
  modules: ModuleResult[];
  services: ServiceRecommendation[];
  sublet: SubletService[];
}

const EMPTY: ScanResultPayload = { modules: [], services: [], sublet: [] };

const isSuccess = (status: string | undefined) => status?.toLowerCase() === "success";

/** The stored JSON (a string on SQLite, already parsed on PostgreSQL) as a typed payload. */
export function parseScanResultPayload(stored: unknown): ScanResultPayload {
  let value = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return EMPTY;
    }
  }
  const parsed = payloadSchema.safeParse(value);
  if (!parsed.success) return EMPTY;
  const { modules = [], services = [], sublet = [] } = parsed.data;
  return {
    modules: modules.map((module) => ({
      moduleName: module.moduleName ?? "",
      success: isSuccess(module.scanStatus),
      dtcs: (module.dtc ?? [])
        .filter((dtc) => dtc.code !== "")
        .map((dtc) => ({ code: dtc.code, type: dtc.type ? dtc.type : null, description: dtc.description ?? "" })),
      dataList: (module.datalist ?? []).filter((item) => item.name !== "").map((item) => ({ name: item.name, value: item.value ?? "" })),
      specialFunctions: (module.specialFunctions ?? []).map((fn) => ({
        functionName: fn.functionName ?? "",
        status: isSuccess(fn.status) ? "Success" : "Fail",
        comments: fn.comments ?? "",
        scriptNumber: fn.scriptNumber ?? "",
      })),
    })),
    services: services.map((service) => ({
      system: service.system ?? "",
      subsystems: service.subsystems ?? "",
      abbreviation: service.abbreviation ?? "",
      description: service.description ?? "",
    })),
    sublet: sublet
      .map((item) => ({ serviceType: item.serviceType ?? "", description: item.description ?? "" }))
      .filter((item) => item.serviceType !== "" || item.description !== ""),
  };
}
