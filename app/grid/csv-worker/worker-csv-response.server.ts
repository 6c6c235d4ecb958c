import { exportMeter } from "~/lib/metrics.server";
import { csvHeaders } from "../csv-export.server";
import { CsvWorkerExport, type WorkerChunk } from "./csv-worker-export.server";
import type { CsvExportJob } from "./messages";

export interface WorkerCsvExport {
  fileName: string;
  /** The grid's id, which the export's metrics are counted under. */
  grid: string;
  job: CsvExportJob;
  /** The request's signal: when the client goes away, the worker stops reading. */
  signal?: AbortSignal;
  /** Told about an error that ended a download after it started. */
  onError: (error: unknown) => void;
}

/**
 * The body: the worker's chunks as they are pulled, counted (rows and bytes) and nothing else on
 * the request thread. The guarantees of csv-export.server.ts hold: one chunk asked for per pull
 * (plus the one the worker writes ahead), the client going away stops the worker's statement or
 * cursor, and an error once the download started ends the body with it and is reported.
 */
function workerCsvBody(first: WorkerChunk, exporting: CsvWorkerExport, spec: WorkerCsvExport): ReadableStream<Uint8Array> {
  const meter = exportMeter(spec.grid);
  let pending: WorkerChunk | undefined = first;
  let stopped = false;
  const finish = (outcome: "complete" | "cancelled" | "failed") => {
    if (stopped) return;
    stopped = true;
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
          const chunk = pending ?? (await exporting.next());
          pending = undefined;
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
 * A grid's CSV download written by a worker thread (decision 0091). The first chunk (the header
 * and the first rows) is written before the response starts, so a query that cannot run fails the
 * request instead of sending an empty file.
 */
export async function workerCsvResponse(spec: WorkerCsvExport): Promise<Response> {
  const exporting = new CsvWorkerExport(spec.job);
  let first: WorkerChunk;
  try {
    first = await exporting.next();
  } catch (error) {
    await exporting.close();
    throw error;
  }
  return new Response(workerCsvBody(first, exporting, spec), { status: 200, headers: csvHeaders(spec.fileName) });
}
