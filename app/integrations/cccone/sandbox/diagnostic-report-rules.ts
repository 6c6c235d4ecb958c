import { PDF_SAVED_SUFFIX } from "../answers";
import { elementContent, elementText } from "../xml-text";
import { reportAnswer, type SandboxAnswer } from "./sandbox-answer";

/**
 * How the sandbox answers a diagnostic report (XML DiagnosticScanReport, or the same fields as a
 * JSON object), in this order:
 * 1. not a diagnostic report → 400, ERROR 4000;
 * 2. no CccOneRefId (the workfile) → 404, ERROR 4012;
 * 3. no 17-character VIN → 422, ERROR 4220;
 * 4. otherwise 200 SUCCESS, "Report for scan request {id} attached to workfile {ref}. PDF REPORT
 *    GENERATED AND SAVED" (a saved result PDF).
 */

export const REPORT_UNREADABLE = "ERROR 4000: The diagnostic report could not be read";
export const REPORT_NO_WORKFILE = "ERROR 4012: Workfile not found for the repair order";
export const REPORT_BAD_VIN = "ERROR 4220: The report has no valid 17-character VIN";

interface ReportFields {
  scanRequestId: string | null;
  cccOneRefId: string | null;
  vin: string | null;
}

function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return null;
}

function fromJson(body: string): ReportFields | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  return { scanRequestId: textOf(record.scanRequestId), cccOneRefId: textOf(record.cccOneRefId), vin: textOf(record.vin) };
}

function fromXml(body: string): ReportFields | null {
  const report = elementContent(body, "DiagnosticScanReport");
  if (report === null) return null;
  return { scanRequestId: elementText(report, "ScanRequestId"), cccOneRefId: elementText(report, "CccOneRefId"), vin: elementText(report, "Vin") };
}

export function readReportFields(body: string): ReportFields | null {
  return body.trimStart().startsWith("{") ? fromJson(body) : fromXml(body);
}

export function answerDiagnosticReport(body: string, headerScanRequestId: string | null): SandboxAnswer {
  const fields = readReportFields(body);
  if (!fields) return reportAnswer(400, false, REPORT_UNREADABLE);
  if (!fields.cccOneRefId) return reportAnswer(404, false, REPORT_NO_WORKFILE);
  if (!fields.vin || fields.vin.length !== 17) return reportAnswer(422, false, REPORT_BAD_VIN);
  const id = headerScanRequestId ?? fields.scanRequestId ?? "unknown";
  return reportAnswer(200, true, `Report for scan request ${id} attached to workfile ${fields.cccOneRefId}. ${PDF_SAVED_SUFFIX}`);
}
