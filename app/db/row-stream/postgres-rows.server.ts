import type { CompiledQuery } from "kysely";
import type pg from "pg";
import { camelCaseRowBuilder, type RowBuilder } from "./camel-case-rows";
import { declareRowCursor } from "./postgres-cursor";
import { rowBatches } from "./row-batches";

/**
 * Rows asked of the cursor at a time. Each FETCH is a round trip to the database; at 100 rows an
 * export of 5,000 rows made 50 of them, one after the other. A fetch is still handed out in
 * batches of `batchSize` (the export's unit of work between two turns of the event loop).
 */
export const POSTGRES_FETCH_ROWS = 1000;

/**
 * Every row of a compiled query, in batches, through a server-side cursor (DECLARE ... CURSOR
 * inside a read-only transaction, then FETCH `fetchRows` at a time) on a pool client of its own.
 * The next FETCH is sent as soon as a fetch has arrived, so the database reads it while the
 * consumer works on this one: at most two fetches are in memory at a time. Returning early (the
 * client went away) waits for a fetch under way, rolls the transaction back, which closes the
 * cursor, and gives the client back to the pool.
 */
export async function* postgresRows<Row>(
  pool: pg.Pool,
  compiled: CompiledQuery<Row>,
  batchSize: number,
  fetchRows: number = Math.max(batchSize, POSTGRES_FETCH_ROWS),
): AsyncGenerator<Row[], void, undefined> {
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
  // The fetch under way, if any: a failure is seen when it is awaited (or ignored once stopped).
  let ahead: Promise<pg.QueryArrayResult<unknown[]>> | undefined;
  try {
    await client.query("begin transaction read only");
    const { perFetch, fetchNext } = await declareRowCursor(client, compiled.sql, compiled.parameters, fetchRows);
    let toRow: RowBuilder<Row> | undefined;
    let next = fetchNext();
    ahead = next;
    for (;;) {
      if (lostConnection) throw lostConnection;
      const result = await next;
      ahead = undefined;
      const more = result.rows.length >= perFetch;
      if (more) ahead = next = fetchNext();
      if (result.rows.length > 0) {
        toRow ??= camelCaseRowBuilder<Row>(result.fields.map((field) => field.name));
        yield* rowBatches(result.rows, batchSize, toRow);
      }
      if (!more) break;
    }
    await client.query("commit");
    finished = true;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    failure ??= lostConnection;
    if (!finished && !failure) {
      // Stopped early: end the transaction (and its cursor) before the client is reused (after the fetch under way, which pg runs first).
      await ahead?.catch(() => undefined);
      await client.query("rollback").catch((error: unknown) => {
        failure = error instanceof Error ? error : new Error(String(error));
      });
    }
    // A client that failed is destroyed rather than handed to the next request in an unknown state.
    client.off("error", onConnectionError);
    client.release(failure);
  }
}
