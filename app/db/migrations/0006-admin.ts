import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * The admin screens' needs (issue 12):
 *
 * - resend_requests becomes form_submissions: every form that must act once (a bulk resend, a bulk
 *   role assignment) is claimed there by its one-time token; `purpose` says which kind of form.
 * - The User Roles screen filters the directory by exact, case-insensitive login, names and email
 *   (lower(...) = lower(value)) and pages by keyset on (sort, id): an index for each, so a filtered
 *   or deep page reads only its rows at 100,000 users (docs/performance.md).
 */
export function adminSchema(_dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema.alterTable("resend_requests").renameTo("form_submissions").execute();
    await db.schema
      .alterTable("form_submissions")
      .addColumn("purpose", "text", (c) => c.notNull().defaultTo("resend"))
      .execute();

    for (const column of ["login", "first_name", "last_name", "email"]) {
      await db.schema
        .createIndex(`users_lower_${column}`)
        .on("users")
        .expression(sql`lower(${sql.ref(column)})`)
        .execute();
    }
    await db.schema.createIndex("users_login_id").on("users").columns(["login", "id"]).execute();
    for (const column of ["first_name", "last_name", "email"]) {
      await db.schema
        .createIndex(`users_${column}_id`)
        .on("users")
        .expression(sql`coalesce(${sql.ref(column)}, ''), id`)
        .execute();
    }
  };
}
