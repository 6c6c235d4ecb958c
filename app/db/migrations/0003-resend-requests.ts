import type { DialectName } from "../dialect";
import { columnTypes, type MigrationDb } from "./column-types";

/**
 * One row per submitted bulk resend form, keyed by the form's one-time token: the first POST
 * claims it (the insert), a repeated POST of the same form finds it and sends nothing again.
 */
export function resendRequestsSchema(dialect: DialectName) {
  const t = columnTypes(dialect);

  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createTable("resend_requests")
      .addColumn("token", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("created_at", t.timestamp, (c) => c.notNull())
      .addColumn("finished_at", t.timestamp)
      .addColumn("result", t.json)
      .execute();
    await db.schema.createIndex("resend_requests_created").on("resend_requests").column("created_at").execute();
  };
}
