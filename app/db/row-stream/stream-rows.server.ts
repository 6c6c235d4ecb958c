import type { Compilable } from "kysely";
import { inTurns } from "~/lib/event-loop-turns.server";
import { getDatabase } from "../db.server";
import type { RowSourceTarget } from "./array-row-source";
import { postgresRows } from "./postgres-rows.server";
import { sqliteRows } from "./sqlite-rows.server";

/**
 * Rows per batch: the least amount of work an export does before another request may run (a
 * slice is at least one batch). 100 rows are 2-4 ms of building and formatting; with 500, four
 * exports of 1,000,000 rows held /api/health at a median of 100 ms, with 100 at 32-42 ms, and the
 * exports were no slower (docs/performance.md, "Export fairness"). Earlier, 500 had used ~30% less
 * CPU than 2,000 on 116,000 rows: per-batch costs are already small at this size.
 */
export const DEFAULT_ROW_BATCH = 100;

let streamsOpen = 0;

/** Row streams holding a database statement or cursor right now (for tests and diagnostics). */
export function openRowStreams(): number {
  return streamsOpen;
}

/**
 * A row stream read elsewhere (the CSV export's worker thread, decision 0091) counts as open until
 * the returned function is called, once its statement or cursor is known to be released.
 */
export function holdRowStream(): () => void {
  streamsOpen++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    streamsOpen--;
  };
}

/** Where another thread reads the portal's database with a connection of its own: the SQLite file, or PostgreSQL's address. */
export function rowSourceTarget(): RowSourceTarget {
  const native = getDatabase().native;
  if (native.dialect === "postgres") return { dialect: "postgres", url: native.url };
  if (native.sqlite.memory) throw new Error("Streaming rows needs a SQLite database file (an in-memory database has no second connection).");
  return { dialect: "sqlite", file: native.sqlite.name };
}

async function* counted<Row>(source: AsyncGenerator<Row[], void, undefined>): AsyncGenerator<Row[], void, undefined> {
  streamsOpen++;
  try {
    yield* source;
  } finally {
    streamsOpen--;
  }
}

/**
 * Every row a Kysely query selects, in its order, as batches read from the database as they are
 * consumed (not all at once): for exports of any size. The rows have the query's camelCase keys
 * and the values the portal's Kysely instance would return. Stop early with `return()` (a
 * for-await loop does this on break); the statement or cursor is then released. However fast the
 * consumer, the time it spends on the batches (building rows, formatting them as CSV, writing
 * them) shares the event loop with other requests (inTurns). The reading itself is not on the
 * request thread: PostgreSQL answers over the network, SQLite is read on a thread of its own.
 */
export function streamRows<Row>(query: Compilable<Row>, batchSize = DEFAULT_ROW_BATCH): AsyncGenerator<Row[], void, undefined> {
  const database = getDatabase();
  const compiled = query.compile();
  const native = database.native;
  if (native.dialect === "postgres") return counted(inTurns(postgresRows(native.pool, compiled, batchSize)));
  if (native.sqlite.memory) throw new Error("Streaming rows needs a SQLite database file (an in-memory database has no second connection).");
  const file = native.sqlite.name;
  return counted(inTurns(sqliteRows(file, compiled, batchSize)));
}

/**
 * Rows from any async source (configuration entries, a computed list) as the batches an export
 * reads, sharing the event loop the same way as rows from the database.
 */
export async function* batchRows<Row>(source: AsyncIterable<Row>, batchSize = DEFAULT_ROW_BATCH): AsyncGenerator<Row[], void, undefined> {
  async function* batches(): AsyncGenerator<Row[], void, undefined> {
    let batch: Row[] = [];
    for await (const row of source) {
      batch.push(row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  yield* inTurns(batches());
}
