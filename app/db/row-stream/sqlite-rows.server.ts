import type { CompiledQuery } from "kysely";
import { camelCaseRowBuilder } from "./camel-case-rows";
import { rowBatches } from "./row-batches";
import { SqliteReaderThread } from "./sqlite-reader-thread.server";

/** Rows the reading thread sends per message (decision 0057). */
export const SQLITE_READ_ROWS = 1000;

/**
 * Every row of a compiled query, in batches, read on a thread of its own with its own read-only
 * connection (SqliteReaderThread): better-sqlite3 is synchronous, and neither a long statement
 * step nor an open iterator may hold the request thread or the shared connection while an export
 * is being written. The thread sends `readRows` rows per message (each message is a hand-over
 * between two threads, which on a busy machine waits for the scheduler), and they are handed out
 * in batches of `batchSize`. At most two messages are in memory at a time (the one in use and the
 * one read ahead); returning early (the client went away) ends the statement and closes the
 * connection, and the thread waits for the next export (SqliteReaderThread).
 */
export async function* sqliteRows<Row>(
  file: string,
  compiled: CompiledQuery<Row>,
  batchSize: number,
  readRows: number = Math.max(batchSize, SQLITE_READ_ROWS),
): AsyncGenerator<Row[], void, undefined> {
  const reader = new SqliteReaderThread(file, compiled.sql, compiled.parameters, readRows);
  try {
    const toRow = camelCaseRowBuilder<Row>(await reader.columns());
    for (;;) {
      const read = await reader.next();
      yield* rowBatches(read.rows, batchSize, toRow);
      if (read.last) return;
    }
  } finally {
    await reader.close();
  }
}
