import pg from "pg";
import { CopyOutQuery } from "./copy-out-query";
import type { CopyOutPiece } from "./copy-out-records";
import { holdRowStream } from "./stream-rows.server";

/** A query's CSV as PostgreSQL writes it (`COPY (…) TO STDOUT WITH (FORMAT csv)`), read piece by piece. */
export interface CopyCsvSource {
  /** The next up to `maxBytes` of its records, CRLF-ended, or null after the last (the connection is then ended). */
  read(maxBytes: number): Promise<CopyOutPiece | null>;
  /** Stops early (the COPY is cancelled) and ends the connection; harmless after the last piece or a failure. */
  close(): Promise<void>;
}

/**
 * What is read from PostgreSQL ahead of the download: while a chunk is compressed and sent, the
 * database goes on writing the next ones instead of waiting for the pull (read only on demand, the
 * export ran at a third of the speed).
 */
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * The settings the SQL of an export the database writes is built for (csv-sql-cells.server.ts):
 * instants cast to text in ISO style, escapes in literals as written (U&'…' and plain quotes).
 * And one process per export: with parallel workers the cells are written by three processes
 * whose merge waits on the slowest (a whole table took 3.4 to 10.9 s instead of 2.5 to 3), and an
 * export would take every core from the pages. And no JIT, as for the pages (decision 0095): the
 * cells' CASE expressions took it a second to compile for a million rows (`COPY` of the whole
 * table 3.9-4.0 s with it, 3.0-3.3 s without) and 0.1 s for a week's.
 */
const SESSION =
  "set datestyle to 'ISO, YMD'; set intervalstyle to 'postgres'; set standard_conforming_strings to on; set max_parallel_workers_per_gather to 0; set jit to off";

/**
 * The backend's process id (for a cancel), and its encoding: only a UTF-8 database can write the
 * portal's CSV (`ascii()` then reads a character's code point, and the bytes are the portal's).
 */
const BACKEND = "select pg_backend_pid() as pid, current_setting('server_encoding') as encoding";

/**
 * `COPY (select) TO STDOUT WITH (FORMAT csv)` on a pg client of its own, at the reader's pace:
 * the socket is read only when a piece is asked for, so PostgreSQL waits while the download does.
 * Null when the database cannot write the portal's CSV (its encoding), for the caller to read rows
 * instead. `select` has no parameters (COPY takes none): inline-parameters.server.ts writes them in.
 */
export async function postgresCopyCsv(url: string, select: string): Promise<CopyCsvSource | null> {
  const client = new pg.Client({ connectionString: url });
  let lostConnection: Error | undefined;
  client.on("error", (error: Error) => {
    lostConnection ??= error;
  });
  let backendPid: number;
  try {
    await client.connect();
    const backend = (await client.query<{ pid: number; encoding: string }>(BACKEND)).rows[0];
    if (backend.encoding !== "UTF8") {
      await client.end();
      return null;
    }
    await client.query(SESSION);
    backendPid = backend.pid;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }

  // Counted as an open row stream until its connection is ended (openRowStreams).
  const releaseStream = holdRowStream();
  const copy = new CopyOutQuery(`copy (${select}) to stdout with (format csv)`, READ_AHEAD_BYTES);
  void client.query(copy);
  let ended = false;
  let done = false;
  let ending: Promise<void> | undefined;
  const end = (cancel: boolean) => {
    ending ??= (async () => {
      ended = true;
      if (!done) {
        if (cancel && !(await cancelBackend(url, backendPid))) {
          // No connection for the cancel (the server is full or gone): closing the socket ends the backend.
          client.connection.stream.destroy();
          return;
        }
        // What PostgreSQL sent before the cancel is read and dropped, up to its error (57014) or end:
        // the connection is then idle and can be ended.
        try {
          while ((await copy.take(READ_AHEAD_BYTES)) !== null);
        } catch {
          // The cancel's error, or a lost connection.
        }
      }
      await client.end().catch(() => undefined);
    })().finally(releaseStream);
    return ending;
  };

  return {
    async read(maxBytes: number): Promise<CopyOutPiece | null> {
      if (ended) return null;
      try {
        if (lostConnection) throw lostConnection;
        const piece = await copy.take(maxBytes);
        if (piece === null) {
          done = true;
          await end(false);
          return null;
        }
        return piece;
      } catch (error) {
        done = true;
        await end(false).catch(() => undefined);
        throw error;
      }
    },
    close: () => end(true),
  };
}

/** Asks PostgreSQL, on a connection of its own, to cancel what a backend runs (nothing, once it is idle); false when it could not ask. */
async function cancelBackend(url: string, pid: number): Promise<boolean> {
  const canceller = new pg.Client({ connectionString: url });
  canceller.on("error", () => undefined);
  try {
    await canceller.connect();
    await canceller.query("select pg_cancel_backend($1)", [pid]);
    return true;
  } catch {
    return false;
  } finally {
    await canceller.end().catch(() => undefined);
  }
}
