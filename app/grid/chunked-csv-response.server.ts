import { exportBackoff } from "~/lib/export-backoff.server";
import { exportMeter } from "~/lib/metrics.server";
import { csvHeaders } from "./csv-export.server";
import type { CsvChunk } from "./csv-worker/csv-chunks";

/**
 * An export's CSV written elsewhere, chunk by chunk, each when asked for: by the export worker
 * thread (decision 0091) or by PostgreSQL (decision 0097). `close()` stops it and releases its
 * connection; it is harmless after the last chunk.
 */
export interface CsvChunkSource {
  next(): Promise<CsvChunk>;
  close(): Promise<void>;
}

export interface ChunkedCsvExport {
  fileName: string;
  /** The grid's id, which the export's metrics are counted under. */
  grid: string;
  /** The request's signal: when the client goes away, the source stops reading. */
  signal?: AbortSignal;
  /** Told about an error that ended a download after it started. */
  onError: (error: unknown) => void;
}

/**
 * The body: the source's chunks as they are pulled, counted (rows and bytes) and nothing else on
 * the request thread; the next chunk waits for the export's turn and for the pages (export-backoff). The guarantees of csv-export.server.ts hold: one chunk asked for per pull
 * (plus the one a worker writes ahead), the client going away stops the source's statement or
 * cursor, and an error once the download started ends the body with it and is reported.
 */
function chunkedCsvBody(first: CsvChunk, exporting: CsvChunkSource, spec: ChunkedCsvExport): ReadableStream<Uint8Array> {
  const meter = exportMeter(spec.grid);
  const backoff = exportBackoff();
  let pending: CsvChunk | undefined = first;
  let stopped = false;
  const finish = (outcome: "complete" | "cancelled" | "failed") => {
    if (stopped) return;
    stopped = true;
    backoff.end();
    meter.end(outcome);
    spec.signal?.removeEventListener("abort", cancel);
    pending = undefined;
    void exporting.close();
  };
  function cancel() {
    finish("cancelled");
  }
  spec.signal?.addEventListener("abort", cancel, { once: true });
  // The client may have gone while the first chunk was written: that abort has fired already.
  if (spec.signal?.aborted) cancel();

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (stopped) {
            controller.close();
            return;
          }
          let chunk = pending;
          pending = undefined;
          if (!chunk) {
            await backoff.beforeChunk();
            if (stopped) {
              controller.close();
              return;
            }
            chunk = await exporting.next();
            backoff.afterChunk(chunk.bytes.byteLength);
          }
          if (stopped) {
            controller.close();
            return;
          }
          meter.rows(chunk.rows);
          if (chunk.bytes.byteLength > 0) {
            meter.bytes(chunk.bytes.byteLength);
            controller.enqueue(chunk.bytes);
          }
          if (chunk.last) {
            finish("complete");
            controller.close();
          }
        } catch (error) {
          if (stopped) {
            controller.close();
            return;
          }
          finish("failed");
          spec.onError(error);
          controller.error(error);
        }
      },
      cancel,
    },
    // Pull only when the response asks for more: the database is read at the client's pace.
    { highWaterMark: 0 },
  );
}

/**
 * A grid's CSV download from a source of chunks. The first chunk (the header and the first rows)
 * is written before the response starts, so a query that cannot run fails the request instead of
 * sending an empty file.
 */
export async function chunkedCsvResponse(exporting: CsvChunkSource, spec: ChunkedCsvExport): Promise<Response> {
  let first: CsvChunk;
  try {
    first = await exporting.next();
  } catch (error) {
    await exporting.close();
    throw error;
  }
  return new Response(chunkedCsvBody(first, exporting, spec), { status: 200, headers: csvHeaders(spec.fileName) });
}
