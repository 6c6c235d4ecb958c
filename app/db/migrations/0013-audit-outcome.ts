import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/** What an audit event's outcome may be (decision 0086): a change made, a write refused, a sign-in that failed. */
export const AUDIT_OUTCOME_VALUES = ["done", "refused", "failed"] as const;

/**
 * The Activity screen's events (issue 29, decision 0086): `audit_log.outcome`, every row written
 * before it a change made ('done'), and the indexes of the screen's newest-first order by cursor,
 * alone and under its most used filters (who, outcome).
 */
export function auditOutcomeSchema(_dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    const allowed = sql.join(AUDIT_OUTCOME_VALUES.map((value) => sql.lit(value)));
    await db.schema
      .alterTable("audit_log")
      .addColumn("outcome", "text", (col) =>
        col
          .notNull()
          .defaultTo("done")
          .check(sql`outcome in (${allowed})`),
      )
      .execute();
    await db.schema.createIndex("audit_log_at_id").on("audit_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("audit_log_actor_at").on("audit_log").columns(["actor", "at", "id"]).execute();
    await db.schema.createIndex("audit_log_outcome_at").on("audit_log").columns(["outcome", "at", "id"]).execute();
    await db.schema.dropIndex("audit_log_at").execute();
  };
}
