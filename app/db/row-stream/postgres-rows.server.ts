import type { CompiledQuery } from "kysely";
import type pg from "pg";
import { camelCaseRowBuilder, type RowBuilder } from "./camel-case-rows";

const CURSOR = "portal_row_stream";

/**
 * Every row of a compiled query, in batches, through a server-side cursor (DECLARE ... CURSOR
 * inside a read-only transaction, then FETCH batchSize at a time) on a pool client of its own.
 * Only one batch is in memory at a time; returning early (the client went away) rolls the
 * transaction back, which closes the cursor, and gives the client back to the pool.
 */
export async function* postgresRows<Row>(pool: pg.Pool, compiled: CompiledQuery<Row>, batchSize: number): AsyncGenerator<Row[], void, undefined> {
  const client = await pool.connect();
  let finished = false;
  let failure: Error | undefined;
  // Between two fetches (the download waits for its client) the connection may be lost. pg then
  // emits 'error' on the client, and a checked-out client has no listener of the pool's: without
  // this one, the event would be thrown and end the whole process. The next fetch fails instead.
  let lostConnection: Error | undefined;
  const onConnectionError = (error: Error) => {
    lostConnection ??= error;
  };
  client.on("error", onConnectionError);
  try {
    await client.query("begin transaction read only");
    await client.query({ text: `declare ${CURSOR} no scroll cursor for ${compiled.sql}`, values: [...compiled.parameters] });
    const fetch = { text: `fetch forward ${Math.max(1, Math.floor(batchSize))} from ${CURSOR}`, rowMode: "array" as const };
    let toRow: RowBuilder<Row> | undefined;
    for (;;) {
      if (lostConnection) throw lostConnection;
      const result = await client.query<unknown[]>(fetch);
      if (result.rows.length > 0) {
        toRow ??= camelCaseRowBuilder<Row>(result.fields.map((field) => field.name));
        yield result.rows.map(toRow);
      }
      if (result.rows.length < batchSize) break;
    }
    await client.query("commit");
    finished = true;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    failure ??= lostConnection;
    if (!finished && !failure) {
      // Stopped early: end the transaction (and its cursor) before the client is reused.
      await client.query("rollback").catch((error: unknown) => {
        failure = error instanceof Error ? error : new Error(String(error));
      });
    }
    // A client that failed is destroyed rather than handed to the next request in an unknown state.
    client.off("error", onConnectionError);
    client.release(failure);
  }
}
