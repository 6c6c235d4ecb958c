import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** Distinct statements kept; a page asks a few dozen, and IN lists of other lengths are other statements. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh: better-sqlite3 compiles it each time (about
 * 0.8 ms of a grid page's 30 ms of CPU at a million requests). This database hands back the
 * statement it prepared for the same SQL before, least recently used ones dropped past
 * STATEMENT_CACHE_SIZE. A statement still being iterated (a streamed export) is busy and cannot be
 * run again, so a new one is prepared then. SQLite recompiles a prepared statement by itself
 * after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Re-inserted so that the Map's order is the order of use.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
