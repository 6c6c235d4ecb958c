import type { Kysely } from "kysely";
import type { PortalDatabase } from "./connect.server";
import type { DialectName } from "./dialect";
import type { Database } from "./types";

/** The process-wide database, opened at start before the portal answers (and by tests and scripts). */
let opened: PortalDatabase | undefined;

export function setDatabase(database: PortalDatabase | undefined): void {
  opened = database;
}

export function getDatabase(): PortalDatabase {
  if (!opened) throw new Error("The database has not been opened (the portal opens it at start).");
  return opened;
}

export function getDb(): Kysely<Database> {
  return getDatabase().db;
}

export function getDialect(): DialectName {
  return getDatabase().dialect;
}
