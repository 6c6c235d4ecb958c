import type { DialectName } from "../dialect";
import { columnTypes, type MigrationDb } from "./column-types";

/**
 * The built-in identity provider's state: what oidc-provider persists (sessions, interactions,
 * grants, codes, tokens), its signing and cookie keys, and failed sign-in counters. Every instance
 * reads and writes the same rows, so instances stay stateless.
 */
export function identitySchema(dialect: DialectName) {
  const t = columnTypes(dialect);

  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createTable("oidc_payloads")
      .addColumn("model", "text", (c) => c.notNull())
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("payload", t.json, (c) => c.notNull())
      .addColumn("grant_id", "text")
      .addColumn("user_code", "text")
      .addColumn("uid", "text")
      .addColumn("expires_at", t.timestamp)
      .addColumn("consumed_at", t.timestamp)
      .addPrimaryKeyConstraint("oidc_payloads_pk", ["model", "id"])
      .execute();
    await db.schema.createIndex("oidc_payloads_grant").on("oidc_payloads").column("grant_id").execute();
    await db.schema.createIndex("oidc_payloads_uid").on("oidc_payloads").columns(["model", "uid"]).execute();
    await db.schema.createIndex("oidc_payloads_user_code").on("oidc_payloads").columns(["model", "user_code"]).execute();
    await db.schema.createIndex("oidc_payloads_expires").on("oidc_payloads").column("expires_at").execute();

    await db.schema
      .createTable("identity_secrets")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", t.timestamp, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("login_attempts")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("window_start", t.timestamp, (c) => c.notNull())
      .addColumn("failures", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("login_attempts_window").on("login_attempts").column("window_start").execute();
  };
}
