import type { Kysely } from "kysely";
import type { PortalDatabase } from "./connect.server";
import type { DialectName } from "./dialect";
import type { Database } from "./types";

/**
 * The process-wide database. server.ts opens it before it listens; the Remix bundle imports this
 * module as a second copy, so the instance lives on globalThis where both copies find it.
 */
const KEY = Symbol.for("portal.database");
type Registry = { [KEY]?: PortalDatabase };

export function setDatabase(database: PortalDatabase | undefined): void {
  (globalThis as Registry)[KEY] = database;
}

export function getDatabase(): PortalDatabase {
  const database = (globalThis as Registry)[KEY];
  if (!database) throw new Error("The database has not been opened (server.ts opens it at start).");
  return database;
}

export function getDb(): Kysely<Database> {
  return getDatabase().db;
}

export function getDialect(): DialectName {
  return getDatabase().dialect;
}
