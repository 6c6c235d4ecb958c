import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What the reading thread is given. */
interface ReaderData {
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
  | { type: "failed"; message: string; code?: string };

type ToReader = { type: "next" } | { type: "stop" };

/**
 * The reading thread's whole program, as source text: a worker needs a file or a string, the
 * Remix bundle has no file of its own for it, and a function's own text is not safe to reuse
 * (tools that keep function names, such as tsx, insert calls of their own helpers into it). It
 * opens its own read-only connection, answers each "next" with one batch of rows as arrays of
 * values, and closes the statement and the connection after the last batch, on "stop", or on an
 * error; then the thread ends. Messages are FromReader and ToReader above.
 */
const PROGRAM = `
"use strict";
const { workerData: data, parentPort: port } = require("node:worker_threads");
let connection;
let rows;
function finish() {
  try {
    if (rows && rows.return) rows.return();
  } finally {
    if (connection) connection.close();
    port.close();
  }
}
function fail(error) {
  const problem = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: "failed", message: problem.message, code: typeof problem.code === "string" ? problem.code : undefined });
  finish();
}
try {
  const Connection = require(data.modulePath);
  connection = new Connection(data.file, { readonly: true, fileMustExist: true });
  connection.pragma("busy_timeout = 5000");
  const statement = connection.prepare(data.sql).raw(true);
  port.postMessage({ type: "columns", columns: statement.columns().map((column) => column.name) });
  rows = statement.iterate(...data.parameters);
  port.on("message", (message) => {
    if (message.type === "stop") return finish();
    try {
      const batch = [];
      let last = false;
      while (batch.length < data.batchSize) {
        const next = rows.next();
        if (next.done) {
          last = true;
          break;
        }
        batch.push(next.value);
      }
      port.postMessage({ type: "rows", rows: batch, last });
      if (last) finish();
    } catch (error) {
      fail(error);
    }
  });
} catch (error) {
  fail(error);
}
`;

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
  private readonly worker: Worker;
  private readonly arrived: FromReader[] = [];
  private waiting: ((message: FromReader) => void) | undefined;
  private readonly exited: Promise<void>;
  private ended = false;

  constructor(file: string, sql: string, parameters: readonly unknown[], batchSize: number) {
    sqliteModulePath ??= createRequire(import.meta.url).resolve("better-sqlite3");
    const data: ReaderData = { modulePath: sqliteModulePath, file, sql, parameters, batchSize: Math.max(1, Math.floor(batchSize)) };
    this.worker = new Worker(PROGRAM, { eval: true, workerData: data });
    this.exited = new Promise((resolve) => this.worker.once("exit", () => resolve()));
    this.worker.on("message", (message: FromReader) => this.deliver(message));
    this.worker.on("error", (error) => this.deliver({ type: "failed", message: error.message }));
    this.worker.once("exit", () => this.deliver({ type: "failed", message: "The reading thread ended before the last rows." }));
  }

  /** The result's column names, once the statement is prepared. */
  async columns(): Promise<string[]> {
    const message = await this.receive();
    if (message.type !== "columns") throw this.failure(message);
    this.worker.postMessage({ type: "next" } satisfies ToReader);
    return message.columns;
  }

  /** The next batch (possibly empty when it is the last). */
  async next(): Promise<{ rows: unknown[][]; last: boolean }> {
    const message = await this.receive();
    if (message.type !== "rows") throw this.failure(message);
    if (message.last) this.ended = true;
    // Read ahead: the thread reads the next batch while this one is formatted and sent.
    else this.worker.postMessage({ type: "next" } satisfies ToReader);
    return message;
  }

  /** Stops reading (the thread closes the statement and its connection) and waits for the thread to end. */
  async close(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      this.worker.postMessage({ type: "stop" } satisfies ToReader);
    }
    await this.exited;
  }

  private failure(message: FromReader): Error {
    this.ended = true;
    return message.type === "failed" ? new SqliteReadError(message.message, message.code) : new Error(`Unexpected message from the reading thread: ${message.type}`);
  }

  private deliver(message: FromReader): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting(message);
    } else {
      this.arrived.push(message);
    }
  }

  private receive(): Promise<FromReader> {
    const message = this.arrived.shift();
    if (message) return Promise.resolve(message);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}
