import type { ScanType } from "~/modules/transactions/vocabulary";

/**
 * Code lists that both the configuration store and the generated rows use, so the data only holds
 * codes the configuration knows.
 */
export interface CodeLabel {
  code: string;
  label: string;
}

export const PROVIDER_SCAN_TYPES = [
  { code: "PRE_SCAN", label: "Pre-Repair Scan" },
  { code: "IN_PROCESS_SCAN", label: "In-Process Scan" },
  { code: "POST_SCAN", label: "Post-Repair Scan" },
  { code: "STATIC_CALIBRATION", label: "Static Calibration" },
  { code: "DYNAMIC_CALIBRATION", label: "Dynamic Calibration" },
  { code: "MODULE_PROGRAMMING", label: "Module Programming" },
  { code: "KEY_PROGRAMMING", label: "Key Programming" },
  { code: "ADAS_ASSESSMENT", label: "ADAS Assessment" },
  { code: "SUBLET_SERVICE", label: "Sublet Service" },
] as const satisfies readonly CodeLabel[];

export type ProviderScanTypeCode = (typeof PROVIDER_SCAN_TYPES)[number]["code"];

/** SCAN_TYPES_RELATION: the provider scan types each portal scan type can be performed as. */
export const SCAN_TYPE_RELATIONS: Record<ScanType, readonly ProviderScanTypeCode[]> = {
  Scan: ["PRE_SCAN", "IN_PROCESS_SCAN", "POST_SCAN"],
  Calibration: ["STATIC_CALIBRATION", "DYNAMIC_CALIBRATION"],
  Programming: ["MODULE_PROGRAMMING", "KEY_PROGRAMMING"],
  Adas: ["ADAS_ASSESSMENT"],
  Sublet: ["SUBLET_SERVICE"],
};

/** Provider service names offered per provider scan type. */
export const PROVIDER_SERVICE_NAMES: Record<ProviderScanTypeCode, readonly string[]> = {
  PRE_SCAN: ["Full System Pre-Scan", "Pre-Repair Health Check"],
  IN_PROCESS_SCAN: ["In-Process Verification Scan"],
  POST_SCAN: ["Full System Post-Scan", "Post-Repair Verification"],
  STATIC_CALIBRATION: ["Forward Camera Static Calibration", "Radar Static Calibration", "Surround View Calibration"],
  DYNAMIC_CALIBRATION: ["Lane Camera Dynamic Calibration", "Radar Dynamic Calibration"],
  MODULE_PROGRAMMING: ["ECU Reflash", "Module Replacement Setup"],
  KEY_PROGRAMMING: ["Smart Key Programming"],
  ADAS_ASSESSMENT: ["ADAS Calibration Assessment", "OEM Procedure Research"],
  SUBLET_SERVICE: ["Sublet Coordination"],
};

export const SCAN_PERFORM_TYPES = [
  { code: "REMOTE", label: "Remote" },
  { code: "ONSITE", label: "On-site Technician" },
  { code: "SELF_SCAN", label: "Shop Self-Scan" },
  { code: "OEM_TOOL", label: "OEM Tool" },
] as const satisfies readonly CodeLabel[];

/** CCC_PROCEDURE_DESC_MAPPINGS: CCC ONE procedure ids and descriptions. */
export const CCC_PROCEDURES = [
  { code: "900500", label: "Pre-Repair Diagnostic Scan" },
  { code: "900501", label: "Post-Repair Diagnostic Scan" },
  { code: "900502", label: "In-Process Diagnostic Scan" },
  { code: "900510", label: "Forward Camera Calibration" },
  { code: "900511", label: "Radar Sensor Calibration" },
  { code: "900512", label: "Blind Spot Sensor Calibration" },
  { code: "900520", label: "Module Programming" },
  { code: "900521", label: "Key Programming" },
  { code: "900530", label: "ADAS Assessment" },
  { code: "900540", label: "Sublet Service" },
  { code: "900550", label: "Steering Angle Sensor Reset" },
  { code: "900560", label: "Occupant Classification Calibration" },
] as const satisfies readonly CodeLabel[];

export const FEEDBACK_TOPICS = [
  { code: "BUG", label: "Something is not working" },
  { code: "DATA", label: "Data looks wrong" },
  { code: "IDEA", label: "Suggest an improvement" },
  { code: "ACCESS", label: "Access or permissions" },
  { code: "OTHER", label: "Other" },
] as const satisfies readonly CodeLabel[];

export const SUPPORTED_CHANNELS = [
  { code: "DESKTOP", label: "Desktop application" },
  { code: "MOBILE", label: "Mobile application" },
  { code: "WEB", label: "Web portal" },
] as const satisfies readonly CodeLabel[];

export const REQUIRED_APP_LOG_FILES = ["DiagnosticsClient.log", "ScanService.log", "DeviceManager.log", "appsettings.config"] as const;

export interface BillingRule {
  ruleId: string;
  ruleDesc: string;
  /** Parameter labels; each name is its label in camel case. */
  paramLabels: readonly string[];
}

export const BILLING_RULES: readonly BillingRule[] = [
  { ruleId: "FLAT_FEE_PER_SCAN", ruleDesc: "Flat fee per billable scan, first scans of a VIN free", paramLabels: ["Flat Fee", "Free Scan Number"] },
  { ruleId: "TIERED_VOLUME", ruleDesc: "Two price tiers by monthly scan volume", paramLabels: ["Tier One Price", "Tier Two Price", "Tier Threshold Number"] },
  { ruleId: "VIN_INTERVAL", ruleDesc: "One charge per VIN within the billing interval", paramLabels: ["Interval Price", "Maximum Scan Number"] },
];

/** The portal's own rule for a billing parameter's name ("Free Scan Number" -> "freeScanNumber"). */
export { camelCaseLabel } from "~/modules/configurations/billing-rule";
