import type pg from "pg";

const CURSOR = "portal_row_stream";

/** A declared cursor: its rows per fetch, and the next fetch. */
export interface RowCursor {
  perFetch: number;
  fetchNext(): Promise<pg.QueryArrayResult<unknown[]>>;
}

/**
 * A query's server-side cursor on a client that has begun a read-only transaction (the pool's
 * postgres-rows.server.ts and the CSV export worker's postgres-client-rows.ts read the same way):
 * DECLARE it, then `fetchNext()` asks for the next `fetchRows` rows. A fetch's failure is seen
 * when it is awaited (or ignored once the reader stopped).
 */
export async function declareRowCursor(client: pg.Client | pg.PoolClient, sql: string, parameters: readonly unknown[], fetchRows: number): Promise<RowCursor> {
  await client.query({ text: `declare ${CURSOR} no scroll cursor for ${sql}`, values: [...parameters] });
  const perFetch = Math.max(1, Math.floor(fetchRows));
  const fetch = { text: `fetch forward ${perFetch} from ${CURSOR}`, rowMode: "array" as const };
  return {
    perFetch,
    fetchNext(): Promise<pg.QueryArrayResult<unknown[]>> {
      const next = client.query<unknown[]>(fetch);
      next.catch(() => undefined);
      return next;
    },
  };
}
