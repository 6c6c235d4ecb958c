import { parentPort, type MessagePort } from "node:worker_threads";
import type { ArrayRowSource, RowSourceTarget } from "~/db/row-stream/array-row-source";
import { postgresClientRows } from "~/db/row-stream/postgres-client-rows";
import { sqliteConnectionRows } from "~/db/row-stream/sqlite-connection-rows";
import { lowerThisThreadsPriority } from "~/lib/thread-priority";
import type { CellsWriters, RowCells } from "./cells-writer";
import { type CsvChunk, CsvChunks } from "./csv-chunks";
import type { CsvExportJob, FromCsvWorker, ToCsvWorker } from "./messages";

/** Rows read from the database at a time: one FETCH, or one run of SQLite steps (decisions 0057, 0083). */
const READ_ROWS = 1000;

function openRows(target: RowSourceTarget, sql: string, parameters: readonly unknown[]): Promise<ArrayRowSource> {
  if (target.dialect === "postgres") return postgresClientRows(target.url, sql, parameters, READ_ROWS);
  return Promise.resolve(sqliteConnectionRows(target.file, sql, parameters, READ_ROWS));
}

interface OpenExport {
  chunks: { next(): Promise<CsvChunk> };
  close(): Promise<void>;
}

async function openExport(job: CsvExportJob, writers: CellsWriters): Promise<OpenExport> {
  const writer = writers[job.writer];
  if (!writer) throw new Error(`The CSV export worker has no cells writer named ${job.writer}.`);
  // The registry's rows are whatever the grid's query reads: the writer was chosen for that query.
  const cells = writer.cells as (row: unknown, context: unknown) => RowCells;
  const source = await openRows(job.source, job.sql, job.parameters);
  const context = job.context;
  return { chunks: new CsvChunks(source, (row) => cells(row, context), job.columnIds, job.headerRows), close: () => source.close() };
}

/**
 * The CSV export worker's program (decision 0091): one export at a time, read on its own
 * connection, written with the grid's own cells, and handed over in transferred chunks, each only
 * when the request thread asks ("open" answers with the first chunk, each "next" with one more).
 * The thread runs at the lowest priority, so page requests win the CPU from it.
 */
export function serveCsvExports(writers: CellsWriters, port: MessagePort | null = parentPort): void {
  if (!port) throw new Error("serveCsvExports runs in a worker thread.");
  lowerThisThreadsPriority();
  const post = (message: FromCsvWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  let current: OpenExport | undefined;

  async function handle(message: ToCsvWorker): Promise<void> {
    if (message.type === "stop") {
      const stopping = current;
      current = undefined;
      try {
        await stopping?.close();
      } finally {
        post({ type: "stopped" });
      }
      return;
    }
    try {
      if (message.type === "open") {
        await current?.close();
        current = await openExport(message.job, writers);
      }
      if (!current) throw new Error("No export is open on the CSV export worker.");
      const chunk = await current.chunks.next();
      if (chunk.last) current = undefined;
      // A fresh encoding owns its whole buffer; a view into a larger one would send (and detach)
      // the rest too, so it is copied. (Not with `slice()`: a Buffer's slice is a view.)
      const { bytes } = chunk;
      const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : Uint8Array.prototype.slice.call(bytes).buffer;
      post({ type: "chunk", bytes: buffer as ArrayBuffer, rows: chunk.rows, last: chunk.last }, [buffer as ArrayBuffer]);
    } catch (error) {
      const failed = current;
      current = undefined;
      await failed?.close().catch(() => undefined);
      const problem = error instanceof Error ? error : new Error(String(error));
      const code = (problem as { code?: unknown }).code;
      post({ type: "failed", message: problem.message, code: typeof code === "string" ? code : undefined });
    }
  }

  // One message at a time, in order: a "stop" waits for the chunk being written (and a fetch under way).
  let turn = Promise.resolve();
  port.on("message", (message: ToCsvWorker) => {
    turn = turn.then(() => handle(message)).catch(() => undefined);
  });
}
