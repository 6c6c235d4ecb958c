import Database from "better-sqlite3";
import type { ArrayRowSource } from "./array-row-source";

/**
 * The page cache of an export's own connection, as a pragma value (KiB when negative): SQLite's
 * stock 2 MB instead of the 16 MB better-sqlite3 builds in. An export reads each page once, so a
 * larger cache only raised the server's memory (by 15 MB a whole-table export) at the same speed,
 * sorted exports included (decision 0099).
 */
export const EXPORT_CACHE_SIZE = -2000;

/**
 * A query's rows on a read-only connection of its own to the database file, stepped `readRows` at
 * a time (better-sqlite3 is synchronous: run this on a thread that no request waits on). The
 * statement and the connection are closed after the last rows, on a failure, or on `close()`.
 */
export function sqliteConnectionRows(file: string, sql: string, parameters: readonly unknown[], readRows: number): ArrayRowSource {
  const connection = new Database(file, { readonly: true, fileMustExist: true });
  let rows: IterableIterator<unknown[]> | undefined;
  const close = () => {
    try {
      rows?.return?.();
    } finally {
      rows = undefined;
      if (connection.open) connection.close();
    }
  };
  try {
    connection.pragma("busy_timeout = 5000");
    connection.pragma(`cache_size = ${EXPORT_CACHE_SIZE}`);
    const statement = connection.prepare(sql).raw(true);
    const columns = statement.columns().map((column) => column.name);
    rows = statement.iterate(...parameters) as IterableIterator<unknown[]>;
    const perPiece = Math.max(1, Math.floor(readRows));
    return {
      columns,
      next() {
        const piece: unknown[][] = [];
        try {
          let last = !rows;
          while (rows && piece.length < perPiece) {
            const next = rows.next();
            if (next.done) {
              last = true;
              break;
            }
            piece.push(next.value);
          }
          if (last) close();
          return Promise.resolve({ rows: piece, last });
        } catch (error) {
          close();
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
      close() {
        close();
        return Promise.resolve();
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}
