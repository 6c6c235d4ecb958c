import type { CompiledQuery } from "kysely";
import { camelCaseRowBuilder } from "./camel-case-rows";
import { SqliteReaderThread } from "./sqlite-reader-thread.server";

/**
 * Every row of a compiled query, in batches, read on a thread of its own with its own read-only
 * connection (SqliteReaderThread): better-sqlite3 is synchronous, and neither a long statement
 * step nor an open iterator may hold the request thread or the shared connection while an export
 * is being written. At most two batches are in memory at a time (the one in use and the one read
 * ahead); returning early (the client went away) ends the statement, closes the connection and
 * ends the thread.
 */
export async function* sqliteRows<Row>(file: string, compiled: CompiledQuery<Row>, batchSize: number): AsyncGenerator<Row[], void, undefined> {
  const reader = new SqliteReaderThread(file, compiled.sql, compiled.parameters, batchSize);
  try {
    const toRow = camelCaseRowBuilder<Row>(await reader.columns());
    for (;;) {
      const batch = await reader.next();
      if (batch.rows.length > 0) yield batch.rows.map(toRow);
      if (batch.last) return;
    }
  } finally {
    await reader.close();
  }
}
