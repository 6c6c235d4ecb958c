import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { ThreadMailbox } from "~/lib/thread-mailbox";
import { EXPORT_CACHE_SIZE } from "./sqlite-connection-rows";

/** One query for a reading thread. */
interface OpenQuery {
  type: "open";
  /** Where better-sqlite3 is, resolved here: the thread's program has no module of its own to resolve from. */
  modulePath: string;
  file: string;
  sql: string;
  parameters: readonly unknown[];
  batchSize: number;
}

type FromReader =
  | { type: "columns"; columns: string[] }
  | { type: "rows"; rows: unknown[][]; last: boolean }
  | { type: "failed"; message: string; code?: string }
  | { type: "stopped" };

type ToReader = OpenQuery | { type: "next" } | { type: "stop" };

/**
 * The reading thread's whole program, as source text: a worker needs a file or a string, the
 * Remix bundle has no file of its own for it, and a function's own text is not safe to reuse
 * (tools that keep function names, such as tsx, insert calls of their own helpers into it). For
 * each "open" it opens its own read-only connection and prepares the query, answers each "next"
 * with one batch of rows as arrays of values, and closes the statement and the connection after
 * the last batch, on "stop" (answered "stopped"), or on an error (answered "failed"); then it
 * waits for the next "open". Messages are FromReader and ToReader above. Its connection's page
 * cache is an export's (sqlite-connection-rows.ts), written into the text.
 */
const PROGRAM = `
"use strict";
const { parentPort: port } = require("node:worker_threads");
let Connection;
let connection;
let rows;
let batchSize = 1;
function finish() {
  try {
    if (rows && rows.return) rows.return();
  } finally {
    rows = undefined;
    if (connection) connection.close();
    connection = undefined;
  }
}
function fail(error) {
  const problem = error instanceof Error ? error : new Error(String(error));
  try {
    finish();
  } finally {
    port.postMessage({ type: "failed", message: problem.message, code: typeof problem.code === "string" ? problem.code : undefined });
  }
}
port.on("message", (message) => {
  if (message.type === "stop") {
    try {
      finish();
    } finally {
      port.postMessage({ type: "stopped" });
    }
    return;
  }
  try {
    if (message.type === "open") {
      if (!Connection) Connection = require(message.modulePath);
      batchSize = message.batchSize;
      connection = new Connection(message.file, { readonly: true, fileMustExist: true });
      connection.pragma("busy_timeout = 5000");
      connection.pragma("cache_size = ${EXPORT_CACHE_SIZE}");
      const statement = connection.prepare(message.sql).raw(true);
      const columns = statement.columns().map((column) => column.name);
      rows = statement.iterate(...message.parameters);
      port.postMessage({ type: "columns", columns });
      return;
    }
    if (!rows) throw new Error("No query is open on the reading thread.");
    const batch = [];
    let last = false;
    while (batch.length < batchSize) {
      const next = rows.next();
      if (next.done) {
        last = true;
        break;
      }
      batch.push(next.value);
    }
    if (last) finish();
    port.postMessage({ type: "rows", rows: batch, last });
  } catch (error) {
    fail(error);
  }
});
`;

/**
 * A reading thread, used by one query at a time. Starting a thread (an isolate, better-sqlite3
 * loaded) took 30 ms on the quiet machine and up to 270 ms on the busy one, more than reading a
 * 5,000-row export: a thread whose query ended cleanly waits, unreferenced (it keeps no process
 * alive and holds no connection), for the next export (decision 0057).
 */
class ReaderWorker {
  readonly worker = new Worker(PROGRAM, { eval: true });
  /** False once the thread failed or ended: it is never used again. */
  alive = true;
  private listener: ((message: FromReader) => void) | undefined;

  constructor() {
    this.worker.on("message", (message: FromReader) => this.listener?.(message));
    this.worker.on("error", (error) => {
      this.alive = false;
      this.listener?.({ type: "failed", message: error.message });
    });
    this.worker.once("exit", () => {
      this.alive = false;
      this.listener?.({ type: "failed", message: "The reading thread ended before the last rows." });
    });
  }

  attach(listener: (message: FromReader) => void): void {
    this.listener = listener;
    this.worker.ref();
  }

  detach(): void {
    this.listener = undefined;
    this.worker.unref();
  }
}

/** Threads kept waiting: as many as exports usually run at once (EXPORT_LIMIT_TOTAL bounds them anyway). */
const MAX_IDLE_READERS = 2;

/**
 * A thread that has read more rows than this is ended instead of kept: its heap grew with the
 * export and an idle thread never collects it (three whole-table exports in a row left the server
 * 237, 279 and 304 MB resident before each). Starting a thread again (30-270 ms) is little beside
 * an export of this size (decision 0083).
 */
export const KEEP_READER_UP_TO_ROWS = 50_000;
const idleReaders: ReaderWorker[] = [];

/** Reading threads waiting for the next export (for tests and diagnostics). */
export function idleReadingThreads(): number {
  return idleReaders.filter((reader) => reader.alive).length;
}

function takeReader(): ReaderWorker {
  for (let reader = idleReaders.pop(); reader; reader = idleReaders.pop()) if (reader.alive) return reader;
  return new ReaderWorker();
}

/** A thread whose query has ended: kept for the next query, or ended when enough wait already (or it failed). */
function giveBack(reader: ReaderWorker, reusable: boolean): void {
  reader.detach();
  if (reusable && reader.alive && idleReaders.length < MAX_IDLE_READERS) idleReaders.push(reader);
  else void reader.worker.terminate();
}

/** A SQLite error from the reading thread, with its code (SQLITE_BUSY, SQLITE_ERROR, ...). */
export class SqliteReadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "SqliteReadError";
  }
}

let sqliteModulePath: string | undefined;

/**
 * One query read on a thread of its own (docs/decisions/0019-export-fairness.md): better-sqlite3
 * steps a statement synchronously, and one step can take seconds (sorting a million rows on a
 * column without an index, a filter that skips most of a table, pages read from disk), which on
 * the request thread would hold every other request. Here only the finished batches reach the
 * request thread, as messages; the next batch is read while the current one is being used.
 */
export class SqliteReaderThread {
  private readonly reader: ReaderWorker;
  private readonly mailbox = new ThreadMailbox<FromReader>();
  /** The thread has no statement of this query open any more (its last batch, or a failure, has arrived). */
  private ended = false;
  /** The thread went back to the pool (or was ended). */
  private released = false;
  private rowsRead = 0;

  constructor(file: string, sql: string, parameters: readonly unknown[], batchSize: number) {
    sqliteModulePath ??= createRequire(import.meta.url).resolve("better-sqlite3");
    this.reader = takeReader();
    this.reader.attach((message) => this.mailbox.deliver(message));
    const open: OpenQuery = { type: "open", modulePath: sqliteModulePath, file, sql, parameters, batchSize: Math.max(1, Math.floor(batchSize)) };
    this.reader.worker.postMessage(open satisfies ToReader);
  }

  /** The result's column names, once the statement is prepared. */
  async columns(): Promise<string[]> {
    const message = await this.mailbox.receive();
    if (message.type !== "columns") throw this.failure(message);
    this.reader.worker.postMessage({ type: "next" } satisfies ToReader);
    return message.columns;
  }

  /** The next batch (possibly empty when it is the last). */
  async next(): Promise<{ rows: unknown[][]; last: boolean }> {
    const message = await this.mailbox.receive();
    if (message.type !== "rows") throw this.failure(message);
    this.rowsRead += message.rows.length;
    if (message.last) this.ended = true;
    // Read ahead: the thread reads the next batch while this one is formatted and sent.
    else this.reader.worker.postMessage({ type: "next" } satisfies ToReader);
    return message;
  }

  /** Stops reading (the thread closes the statement and its connection) and gives the thread back. */
  async close(): Promise<void> {
    if (this.released) return;
    let reusable = this.reader.alive;
    if (!this.ended && reusable) {
      this.ended = true;
      this.reader.worker.postMessage({ type: "stop" } satisfies ToReader);
      // What the thread sent before it read "stop" (a batch read ahead) comes first.
      for (let message = await this.mailbox.receive(); message.type !== "stopped"; message = await this.mailbox.receive()) {
        if (message.type === "failed" && !this.reader.alive) {
          reusable = false;
          break;
        }
      }
    }
    this.released = true;
    giveBack(this.reader, reusable && this.reader.alive && this.rowsRead <= KEEP_READER_UP_TO_ROWS);
  }

  private failure(message: FromReader): Error {
    this.ended = true;
    return message.type === "failed"
      ? new SqliteReadError(message.message, message.code)
      : new Error(`Unexpected message from the reading thread: ${message.type}`);
  }
}
