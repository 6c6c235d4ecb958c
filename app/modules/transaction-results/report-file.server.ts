import { Readable } from "node:stream";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { contentDisposition, contentTypeOf, downloadFileName, REPORT_UNAVAILABLE, reportFileType } from "./report-files";
import type { StoredReport } from "./reports.server";

/**
 * Headers of an inline preview: it may be framed by the portal's own pages (the preview dialog and
 * page), by nothing else, and runs nothing.
 */
const INLINE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export function reportUnavailableResponse(): Response {
  return new Response(REPORT_UNAVAILABLE, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}

/**
 * The report's file, streamed from storage under the key the database holds for it (never a path
 * from the request), with its own content type and a name the server chose. A report that is not
 * ready, whose file is gone or whose type is not a report type answers 404 with the spec's message.
 */
export async function reportFileResponse(report: StoredReport, disposition: "inline" | "attachment"): Promise<Response> {
  const type = reportFileType(report.fileType);
  if (!type || !report.storageKey || !isValidStorageKey(report.storageKey)) return reportUnavailableResponse();
  const file = await getFileStorage().openReadStream(report.storageKey);
  if (!file) return reportUnavailableResponse();
  const headers = new Headers({
    "Content-Type": contentTypeOf(type),
    "Content-Length": String(file.size),
    "Content-Disposition": contentDisposition(disposition, downloadFileName(report.fileName, type, report.reportId)),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  if (disposition === "inline") {
    headers.set("Content-Security-Policy", INLINE_POLICY);
    headers.set("X-Frame-Options", "SAMEORIGIN");
  }
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}
