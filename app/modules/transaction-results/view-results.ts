import { SPECIAL_VIEW_SCAN_TYPES, type ScanType } from "~/modules/transactions/vocabulary";
import type { ModuleResult, ScanResultPayload, ServiceRecommendation, SubletService } from "./result-payload";
import type { SpecialFunctionInfo } from "./special-function-info";

/** The View Results tab of a transaction (spec §2 "View Results"). */

export const CCCONE_ERROR_STATUS = "COMPLETED (CCCONE Error)";
export const NO_CODES_RETURNED = "No Code(s) Returned";
export const SERVICE_RECOMMENDATIONS_TITLE = "Service Recommendations";

/** Scroll heights from the spec, in pixels. */
export const ONE_MODULE_RESULTS_HEIGHT = 100;
export const MODULE_RESULTS_HEIGHT = 400;
export const SERVICES_LIST_HEIGHT = 150;

/** The result report the tab offers to view and download (a PDF report of type Result). */
export interface ResultReportLink {
  reportId: number;
  fileType: string;
}

/** The special function whose info panel the server renders open (?sf= without JavaScript). */
export interface OpenSpecialFunction {
  scriptNumber: string;
  info: SpecialFunctionInfo | null;
}

export type ResultsBody =
  /** Calibration, Programming and Adas: the services (system, subsystems, abbreviation, description). */
  | { kind: "services"; services: ServiceRecommendation[] }
  | { kind: "sublet"; sublet: SubletService[] }
  /** Ordinary scans: modules, then the services table. */
  | { kind: "scan"; modules: ModuleResult[]; services: ServiceRecommendation[]; resultsHeight: number }
  /** No scan response has arrived for the request. */
  | { kind: "none" };

export interface ViewResults {
  scanRequestId: number;
  scanType: string;
  title: string;
  body: ResultsBody;
  /** Null when there is no ready result report, or when the status is COMPLETED (CCCONE Error). */
  resultReport: ResultReportLink | null;
  openFunction: OpenSpecialFunction | null;
}

export function resultsTitle(scanType: string): string {
  return scanType === "Adas" ? SERVICE_RECOMMENDATIONS_TITLE : `${scanType} Results`;
}

export function isSpecialViewScanType(scanType: string): boolean {
  return (SPECIAL_VIEW_SCAN_TYPES as readonly string[]).includes(scanType as ScanType);
}

export function resultsHeight(moduleCount: number): number {
  return moduleCount === 1 ? ONE_MODULE_RESULTS_HEIGHT : MODULE_RESULTS_HEIGHT;
}

export function resultsBody(scanType: string, payload: ScanResultPayload | null): ResultsBody {
  if (!payload) return { kind: "none" };
  if (scanType === "Sublet") return { kind: "sublet", sublet: payload.sublet };
  if (isSpecialViewScanType(scanType)) return { kind: "services", services: payload.services };
  return { kind: "scan", modules: payload.modules, services: payload.services, resultsHeight: resultsHeight(payload.modules.length) };
}

/** Whether the results list this special function (the ?sf= parameter is only honoured for those). */
export function hasSpecialFunction(body: ResultsBody, scriptNumber: string): boolean {
  return body.kind === "scan" && body.modules.some((module) => module.specialFunctions.some((fn) => fn.scriptNumber === scriptNumber));
}

export function offersResultReport(status: string): boolean {
  return status !== CCCONE_ERROR_STATUS;
}
