import { holdRowStream } from "~/db/row-stream/stream-rows.server";
import { ThreadMailbox } from "~/lib/thread-mailbox";
import { giveBackCsvWorker, takeCsvWorker, type CsvWorker } from "./csv-worker-pool.server";
import type { CsvChunkSource } from "../chunked-csv-response.server";
import type { CsvChunk } from "./csv-chunks";
import type { CsvExportJob, FromCsvWorker, ToCsvWorker } from "./messages";

/** An error of the export's worker: the database's (SQLITE_BUSY, a PostgreSQL code) or the worker's own. */
export class CsvWorkerError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "CsvWorkerError";
  }
}

/**
 * A worker that wrote more rows than this is ended instead of kept for the next export: its heap
 * grew with the export and an idle thread never gives it back (as decision 0083 found for the
 * SQLite reading thread). Starting a worker again is little beside an export of this size.
 */
export const KEEP_WORKER_UP_TO_ROWS = 50_000;

/**
 * One export's conversation with a worker, on the request thread: "open", then one chunk per
 * `next()`, the following chunk asked for as soon as one arrives (so the worker writes at most one
 * chunk ahead of the response). It counts as an open row stream (openRowStreams) until the worker
 * has released its statement or cursor and connection.
 */
export class CsvWorkerExport implements CsvChunkSource {
  private readonly worker: CsvWorker;
  private readonly mailbox = new ThreadMailbox<FromCsvWorker>();
  private readonly releaseStream: () => void;
  /** The worker holds no statement of this export any more (its last chunk, or a failure, arrived). */
  private ended = false;
  private closed: Promise<void> | undefined;
  private reading: Promise<unknown> | undefined;
  private rowsWritten = 0;

  constructor(job: CsvExportJob) {
    this.worker = takeCsvWorker();
    this.releaseStream = holdRowStream();
    this.worker.attach((message) => this.mailbox.deliver(message));
    try {
      this.post({ type: "open", job });
    } catch (error) {
      // A context that cannot be cloned (DataCloneError): nothing was sent, the worker is as it was.
      this.end();
      this.closed = Promise.resolve();
      giveBackCsvWorker(this.worker, true);
      throw error;
    }
  }

  /** The next chunk; after the last one (`last`) there are none. */
  next(): Promise<CsvChunk> {
    const reading = this.mailbox.receive().then((message) => {
      if (message.type !== "chunk") {
        this.end();
        throw message.type === "failed"
          ? new CsvWorkerError(message.message, message.code)
          : new Error(`Unexpected message from the CSV export worker: ${message.type}`);
      }
      this.rowsWritten += message.rows;
      if (message.last) this.end();
      else this.post({ type: "next" });
      return { bytes: new Uint8Array(message.bytes), rows: message.rows, last: message.last };
    });
    this.reading = reading.catch(() => undefined);
    return reading;
  }

  /** Chunks the worker has written that no `next()` has taken yet (for tests: at most one, the chunk asked for ahead). */
  chunksWaiting(): number {
    return this.mailbox.count((message) => message.type === "chunk");
  }

  /** Stops the export (the worker closes its statement or cursor and connection) and gives the worker back. */
  close(): Promise<void> {
    this.closed ??= this.stop();
    return this.closed;
  }

  private async stop(): Promise<void> {
    // A chunk being read is awaited first: its answer is the next message.
    await this.reading;
    let reusable = this.worker.alive;
    if (!this.ended && reusable) {
      this.post({ type: "stop" });
      // What the worker sent before it read "stop" (the chunk asked for ahead) comes first.
      for (let message = await this.mailbox.receive(); message.type !== "stopped"; message = await this.mailbox.receive()) {
        if (message.type === "failed" && !this.worker.alive) {
          reusable = false;
          break;
        }
      }
      this.end();
    }
    this.releaseStream();
    giveBackCsvWorker(this.worker, reusable && this.worker.alive && this.rowsWritten <= KEEP_WORKER_UP_TO_ROWS);
  }

  private end(): void {
    this.ended = true;
    this.releaseStream();
  }

  private post(message: ToCsvWorker): void {
    this.worker.worker.postMessage(message);
  }
}
