import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { formatInstant } from "~/lib/date-format";
import { parseRecordId } from "~/lib/record-id";
import { previewKindOf, reportFileType, type ReportFileType } from "./report-files";
import type { ReportRow, ReportsTab } from "./reports";

/** A report attachment as stored: where its file is (null while not ready) and its type. */
export interface StoredReport {
  reportId: number;
  scanRequestId: number;
  type: string;
  source: string | null;
  fileName: string;
  fileType: string;
  storageKey: string | null;
  createdDateTime: string;
}

function reportsQuery() {
  return getDb()
    .selectFrom("reportAttachments as ra")
    .innerJoin("scanRequests as sr", "sr.scanRequestId", "ra.scanRequestId")
    .select(["ra.id as reportId", "ra.scanRequestId", "ra.type", "ra.source", "ra.fileName", "ra.fileType", "ra.storageKey", "ra.createdDateTime"]);
}

/**
 * A report of this request that the user may see, or null: an unknown report, one of another
 * request, and one of another provider (for a provider-only user) all read the same.
 */
export async function findScopedReport(requestId: string | undefined, reportId: string | undefined, scope: ProviderScope): Promise<StoredReport | null> {
  const request = parseRecordId(requestId);
  const report = parseRecordId(reportId);
  if (request === null || report === null) return null;
  let query = reportsQuery().where("ra.id", "=", report).where("ra.scanRequestId", "=", request);
  if (scope.restricted) query = query.where("sr.providerId", "=", scope.providerId);
  return (await query.executeTakeFirst()) ?? null;
}

/** The report's file type when its file is there to be served; null when not ready, missing, or not a report type. */
export async function readyFileType(report: Pick<StoredReport, "storageKey" | "fileType">): Promise<ReportFileType | null> {
  const type = reportFileType(report.fileType);
  if (!type || !report.storageKey || !isValidStorageKey(report.storageKey)) return null;
  return (await getFileStorage().stat(report.storageKey)) ? type : null;
}

/** The Reports tab of a request the caller has already found in the user's scope; newest first. */
export async function loadReports(scanRequestId: number, timeZone: string): Promise<ReportsTab> {
  const rows = await reportsQuery().where("ra.scanRequestId", "=", scanRequestId).orderBy("ra.createdDateTime", "desc").orderBy("ra.id", "desc").execute();
  const reports = await Promise.all(
    rows.map(async (row): Promise<ReportRow> => {
      const type = await readyFileType(row);
      return {
        reportId: row.reportId,
        createdAt: formatInstant(row.createdDateTime, timeZone, "table"),
        type: row.type,
        source: row.source ?? "",
        fileName: row.fileName,
        fileType: row.fileType,
        preview: type ? previewKindOf(type) : null,
      };
    }),
  );
  return { scanRequestId, reports };
}

/** The newest ready PDF report of type Result: what View Results offers to view and download. */
export async function findResultReport(scanRequestId: number): Promise<StoredReport | null> {
  const rows = await reportsQuery()
    .where("ra.scanRequestId", "=", scanRequestId)
    .where("ra.type", "=", "Result")
    .where("ra.storageKey", "is not", null)
    .orderBy("ra.createdDateTime", "desc")
    .orderBy("ra.id", "desc")
    .execute();
  for (const row of rows) {
    if ((await readyFileType(row)) === "pdf") return row;
  }
  return null;
}

export interface ReportPreviewPage {
  scanRequestId: number;
  report: ReportRow;
}

/** The preview page of one report, or null when the user may not see such a report (a 404). */
export async function loadReportPreview(
  requestId: string | undefined,
  reportId: string | undefined,
  scope: ProviderScope,
  timeZone: string,
): Promise<ReportPreviewPage | null> {
  const stored = await findScopedReport(requestId, reportId, scope);
  if (!stored) return null;
  const type = await readyFileType(stored);
  return {
    scanRequestId: stored.scanRequestId,
    report: {
      reportId: stored.reportId,
      createdAt: formatInstant(stored.createdDateTime, timeZone, "detail"),
      type: stored.type,
      source: stored.source ?? "",
      fileName: stored.fileName,
      fileType: stored.fileType,
      preview: type ? previewKindOf(type) : null,
    },
  };
}
