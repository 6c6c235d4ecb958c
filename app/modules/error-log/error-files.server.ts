import { createReadableStreamFromReadable } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { getFileStorage } from "~/integrations/file-storage.server";
import { isValidStorageKey } from "~/integrations/storage.server";
import { contentDisposition } from "~/lib/content-disposition";
import { notFound } from "~/lib/not-found";
import { parseRecordId } from "~/lib/record-id";
import { errorFileKind, servedContentType } from "./error-file-kind";

export interface ErrorFileRow {
  id: number;
  errorId: number;
  fileName: string;
  contentType: string;
  storageKey: string;
}

export function errorFilesOf(errorId: number): Promise<ErrorFileRow[]> {
  return getDb()
    .selectFrom("errorFiles")
    .select(["id", "errorId", "fileName", "contentType", "storageKey"])
    .where("errorId", "=", errorId)
    .orderBy("id")
    .execute();
}

/** The first `limit` bytes of a stored file as text, and whether there was more; null when the file is gone. */
export async function readTextStart(storageKey: string, limit: number): Promise<{ text: string; cut: boolean } | null> {
  if (!isValidStorageKey(storageKey)) return null;
  const file = await getFileStorage().openReadStream(storageKey);
  if (!file) return null;
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file.stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= limit) break;
  }
  file.stream.destroy();
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  return { text: new TextDecoder("utf-8").decode(bytes), cut: file.size > limit };
}

/**
 * GET a record's file: by the record's id and the file's id (never a path from the request; a file
 * of another record is the 404 page), an image inline with its type, text as plain text, anything
 * else as a download; `download` always downloads.
 */
export async function errorFileResponse(errorIdParam: string | undefined, fileIdParam: string | undefined, download: boolean): Promise<Response> {
  const errorId = parseRecordId(errorIdParam);
  const fileId = parseRecordId(fileIdParam);
  if (errorId === null || fileId === null) notFound();
  const row = await getDb()
    .selectFrom("errorFiles")
    .select(["id", "errorId", "fileName", "contentType", "storageKey"])
    .where("id", "=", fileId)
    .where("errorId", "=", errorId)
    .executeTakeFirst();
  if (!row || !isValidStorageKey(row.storageKey)) notFound();
  const file = await getFileStorage().openReadStream(row.storageKey);
  if (!file) notFound();
  const inline = !download && errorFileKind(row.fileName, row.contentType) !== "download";
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": servedContentType(row.fileName, row.contentType),
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", row.fileName),
    },
  });
}
