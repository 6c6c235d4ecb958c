import { sql } from "kysely";
import type { DialectName } from "../dialect";
import { columnTypes, flag, type MigrationDb } from "./column-types";

/**
 * A shop registration may arrive before its shop is known (issue 14, decision 0044): a provider
 * registers a license key, and the repair facility id is filled in later (Update RF Details). Until
 * then its shop id is empty and Resend answers 'Missing ShopId information!'. PostgreSQL drops the
 * NOT NULL; SQLite cannot alter a column, so the table is built again with the same columns, rows
 * (ids kept) and indexes. Nothing references shop_registrations, so dropping the old one is safe.
 */
export function registrationsWithoutShopSchema(dialect: DialectName) {
  const t = columnTypes(dialect);

  return async function up(db: MigrationDb): Promise<void> {
    if (dialect === "postgres") {
      await db.schema
        .alterTable("shop_registrations")
        .alterColumn("shop_id", (column) => column.dropNotNull())
        .execute();
      return;
    }
    await db.schema
      .createTable("shop_registrations_rebuilt")
      .addColumn("id", "integer", t.identity)
      .addColumn("provider_id", "integer", (c) => c.notNull().references("providers.provider_id"))
      .addColumn("provider_customer_id", "text")
      .addColumn("license_key", "text")
      .addColumn("shop_id", "integer", (c) => c.references("shops.repair_facility_id"))
      .addColumn("shop_name", "text")
      .addColumn("address", "text")
      .addColumn("city", "text")
      .addColumn("state_cd", "text")
      .addColumn("zip_code", "text")
      .addColumn("created_date_time", t.timestamp, (c) => c.notNull())
      .addColumn("last_modified_date_time", t.timestamp, (c) => c.notNull())
      .$call((b) => flag(b, "is_active", 1))
      .addColumn("diagnostics_products", t.json, (c) => c.notNull().defaultTo("[]"))
      .addColumn("provider_status", "text", (c) => c.check(sql`provider_status is null or provider_status in ('Success', 'Pending', 'Failed')`))
      .addColumn("row_version", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`insert into shop_registrations_rebuilt select * from shop_registrations`.execute(db);
    await db.schema.dropTable("shop_registrations").execute();
    await db.schema.alterTable("shop_registrations_rebuilt").renameTo("shop_registrations").execute();
    await db.schema.createIndex("shop_registrations_modified").on("shop_registrations").columns(["last_modified_date_time", "id"]).execute();
    await db.schema.createIndex("shop_registrations_provider").on("shop_registrations").columns(["provider_id", "last_modified_date_time"]).execute();
    await db.schema.createIndex("shop_registrations_shop").on("shop_registrations").column("shop_id").execute();
  };
}
