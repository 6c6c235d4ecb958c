import { sql } from "kysely";
import type { PortalDatabase } from "~/db/connect.server";
import { SEED_TABLES, sqlName } from "./store/columns";

/**
 * Empties the demo tables and the portal's own rows that hang off them (sessions, preferences,
 * audit log), for `npm run seed -- --force`. The identity provider's keys are kept.
 */
export const TABLES_EMPTIED_BY_FORCE: readonly string[] = [...SEED_TABLES.map(sqlName), "sessions", "user_preferences", "audit_log"];

export async function emptyDatabase(database: PortalDatabase): Promise<void> {
  const tables = sql.join(TABLES_EMPTIED_BY_FORCE.map((table) => sql.table(table)));
  if (database.dialect === "postgres") {
    await sql`truncate table ${tables} restart identity cascade`.execute(database.db);
    return;
  }
  await database.db.transaction().execute(async (trx) => {
    // Checked at commit, when every table is empty, so the order of the deletes does not matter.
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const table of TABLES_EMPTIED_BY_FORCE) await sql`delete from ${sql.table(table)}`.execute(trx);
  });
}
