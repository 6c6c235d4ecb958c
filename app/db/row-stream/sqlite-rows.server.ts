import SQLite from "better-sqlite3";
import type { CompiledQuery } from "kysely";
import type { Slice } from "~/lib/event-loop-turns.server";
import { camelCaseRowBuilder } from "./camel-case-rows";

/**
 * Every row of a compiled query, in batches, read with a better-sqlite3 statement iterator on a
 * read-only connection of its own: an open iterator keeps its connection busy, and the shared
 * connection must stay free for other requests while an export is being written. Only one
 * batch is in memory at a time; returning early (the client went away) ends the statement and
 * closes the connection.
 *
 * better-sqlite3 steps the statement synchronously, and a filter that skips many rows can make
 * one batch take long: the reading waits for its next turn whenever its slice is spent, between
 * two rows, so it never holds the event loop for long (see event-loop-turns.server.ts).
 */
export async function* sqliteRows<Row>(file: string, compiled: CompiledQuery<Row>, batchSize: number, slice: Slice): AsyncGenerator<Row[], void, undefined> {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    connection.pragma("busy_timeout = 5000");
    const statement = connection.prepare<unknown[], unknown[]>(compiled.sql).raw(true);
    const toRow = camelCaseRowBuilder<Row>(statement.columns().map((column) => column.name));
    let batch: Row[] = [];
    for (const values of statement.iterate(...compiled.parameters)) {
      if (slice.spent()) await slice.nextTurn();
      batch.push(toRow(values));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    connection.close();
  }
}
