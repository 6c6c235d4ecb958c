import type { Compilable } from "kysely";
import { inTurns } from "~/lib/event-loop-turns.server";
import { getDatabase } from "../db.server";
import { postgresRows } from "./postgres-rows.server";
import { sqliteRows } from "./sqlite-rows.server";

/**
 * Rows per batch: enough to make per-batch costs vanish, few enough that a batch dies young
 * (measured on 116,000 rows: 500 used ~30% less CPU and ~100 MB less memory than 2,000).
 */
export const DEFAULT_ROW_BATCH = 500;

let streamsOpen = 0;

/** Row streams holding a database statement or cursor right now (for tests and diagnostics). */
export function openRowStreams(): number {
  return streamsOpen;
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
