import pg from "pg";
import { portalPgTypes } from "../pg-types";
import type { ArrayRowSource, ArrayRows } from "./array-row-source";
import { declareRowCursor, type RowCursor } from "./postgres-cursor";

/**
 * A query's rows through a server-side cursor on a pg client of its own (not the portal's pool),
 * with the portal's type parsers, so every value is what the portal's Kysely instance would read:
 * a read-only transaction, DECLARE ... CURSOR, then FETCH `fetchRows` at a time, the next FETCH
 * sent as soon as one arrives (as postgres-rows.server.ts does on the pool). After the last rows
 * the transaction is committed; on `close()` (after the fetch under way) or a failure it is rolled
 * back, which closes the cursor; either way the client is ended.
 */
export async function postgresClientRows(url: string, sql: string, parameters: readonly unknown[], fetchRows: number): Promise<ArrayRowSource> {
  const client = new pg.Client({ connectionString: url, types: portalPgTypes() });
  // Between two fetches (the download waits for its client) the connection may be lost: pg then
  // emits 'error', which without a listener would end the thread. The next fetch fails instead.
  let lostConnection: Error | undefined;
  client.on("error", (error: Error) => {
    lostConnection ??= error;
  });
  let ended = false;
  let ahead: Promise<pg.QueryArrayResult<unknown[]>> | undefined;
  const end = async (outcome: "commit" | "rollback") => {
    if (ended) return;
    ended = true;
    try {
      await ahead?.catch(() => undefined);
      if (!lostConnection) await client.query(outcome);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  let first: pg.QueryArrayResult<unknown[]>;
  let cursor: RowCursor;
  try {
    await client.connect();
    await client.query("begin transaction read only");
    cursor = await declareRowCursor(client, sql, parameters, fetchRows);
    first = await cursor.fetchNext();
  } catch (error) {
    await end("rollback").catch(() => undefined);
    throw error;
  }
  let waiting: pg.QueryArrayResult<unknown[]> | undefined = first;
  const { perFetch, fetchNext } = cursor;
  if (first.rows.length >= perFetch) ahead = fetchNext();

  return {
    columns: first.fields.map((field) => field.name),
    async next(): Promise<ArrayRows> {
      if (ended) return { rows: [], last: true };
      try {
        if (lostConnection) throw lostConnection;
        let result = waiting;
        waiting = undefined;
        if (!result) {
          if (!ahead) return { rows: [], last: true };
          result = await ahead;
          ahead = result.rows.length >= perFetch ? fetchNext() : undefined;
        }
        const last = !ahead;
        if (last) await end("commit");
        return { rows: result.rows, last };
      } catch (error) {
        await end("rollback").catch(() => undefined);
        throw error;
      }
    },
    close: () => end("rollback"),
  };
}
