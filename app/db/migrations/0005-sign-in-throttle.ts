import type { DialectName } from "../dialect";
import { columnTypes, type MigrationDb } from "./column-types";

/**
 * Sign-in throttling (decision 0016) replaces the lockouts of login_attempts: failures per
 * (login, client address) pair with the instant before which that pair may not try again, and
 * failures per address. The old counts are transient and are dropped with their table.
 */
export function signInThrottleSchema(dialect: DialectName) {
  const t = columnTypes(dialect);

  return async function up(db: MigrationDb): Promise<void> {
    await db.schema.dropTable("login_attempts").ifExists().execute();
    await db.schema
      .createTable("sign_in_failures")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("failures", "integer", (c) => c.notNull())
      .addColumn("first_failure_at", t.timestamp, (c) => c.notNull())
      .addColumn("last_failure_at", t.timestamp, (c) => c.notNull())
      .addColumn("retry_at", t.timestamp)
      .execute();
    await db.schema.createIndex("sign_in_failures_last").on("sign_in_failures").column("last_failure_at").execute();
  };
}
