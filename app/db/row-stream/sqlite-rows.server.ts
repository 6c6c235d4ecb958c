import SQLite from "better-sqlite3";
import type { CompiledQuery } from "kysely";
import { camelCaseRowBuilder } from "./camel-case-rows";

/**
 * Every row of a compiled query, in batches, read with a better-sqlite3 statement iterator on a
 * read-only connection of its own: an open iterator keeps its connection busy, and the shared
 * connection must stay free for other requests while an export is being written. Only one
 * batch is in memory at a time; returning early (the client went away) ends the statement and
 * closes the connection.
 */
export async function* sqliteRows<Row>(file: string, compiled: CompiledQuery<Row>, batchSize: number): AsyncGenerator<Row[], void, undefined> {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    connection.pragma("busy_timeout = 5000");
    const statement = connection.prepare<unknown[], unknown[]>(compiled.sql).raw(true);
    const toRow = camelCaseRowBuilder<Row>(statement.columns().map((column) => column.name));
    let batch: Row[] = [];
    for (const values of statement.iterate(...compiled.parameters)) {
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
