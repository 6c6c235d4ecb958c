import { getDb } from "~/db/db.server";
import { paramHref } from "~/grid/grid-links";
import { ERROR_FILE_ANCHOR, TEXT_PREVIEW_BYTES, type ErrorFileLink, type ErrorFilePreview, type ErrorRecordDetail } from "./error-detail";
import { errorFileKind } from "./error-file-kind";
import { errorFilesOf, readTextStart, type ErrorFileRow } from "./error-files.server";
import { errorFileHref, FILE_PARAM } from "./grid";

async function previewOf(file: ErrorFileRow, link: ErrorFileLink, closeHref: string): Promise<ErrorFilePreview> {
  const kind = errorFileKind(file.fileName, file.contentType);
  if (kind === "image") return { kind, file: link, src: errorFileHref(file.errorId, file.id), closeHref };
  if (kind === "text") {
    const start = await readTextStart(file.storageKey, TEXT_PREVIEW_BYTES);
    if (start) return { kind, file: link, text: start.text, cut: start.cut, closeHref };
  }
  return { kind: "download", file: link, closeHref };
}

/** An expanded record: its fields, its files, and the preview of the file the URL names (one of its own). */
export async function findErrorRecordDetail(errorId: number, self: string, openFile: string | null): Promise<ErrorRecordDetail | null> {
  const row = await getDb().selectFrom("errorRecords").selectAll().where("errorId", "=", errorId).executeTakeFirst();
  if (!row) return null;
  const files = await errorFilesOf(errorId);
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const links = files.map((file): ErrorFileLink => ({
    id: file.id,
    fileName: file.fileName,
    previewHref: `${paramHref(self, FILE_PARAM, String(file.id))}#${ERROR_FILE_ANCHOR}`,
    downloadHref: errorFileHref(errorId, file.id, true),
  }));
  const opened = openFile === null ? -1 : files.findIndex((file) => String(file.id) === openFile);
  return {
    errorId: row.errorId,
    transactionId: text(row.transactionId),
    shopId: text(row.shopId),
    errorCode: text(row.errorCode),
    errorOrigin: text(row.errorOrigin),
    errorType: row.errorType,
    userId: text(row.userId),
    component: text(row.component),
    host: text(row.host),
    providerId: text(row.providerId),
    severity: text(row.severity),
    message: text(row.errorMsg),
    details: text(row.errorDetails),
    files: links,
    preview: opened < 0 ? null : await previewOf(files[opened], links[opened], paramHref(self, FILE_PARAM, null)),
  };
}
