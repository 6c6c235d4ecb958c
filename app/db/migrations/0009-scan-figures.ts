import { sql } from "kysely";
import type { DialectName } from "../dialect";
import { columnTypes, type MigrationDb } from "./column-types";
import { FIGURES_TABLE, rebuildSummarySql, SHOP_DAYS_TABLE, type SummaryTables } from "./scan-figures-sql";
import { summaryTriggersSql } from "./scan-figures-triggers";

/**
 * The KPI dashboard's summary tables, kept exact by triggers (decision 0050; the SQL in
 * scan-figures-sql.ts and scan-figures-triggers.ts), filled from the requests already there.
 * The key leads with the bucket (every provider's range of buckets); a second index leads with the
 * provider (one provider's).
 */
/** This migration's tables: the test shops' figures came with migration 0015. */
const MIGRATION_0009_TABLES: SummaryTables = { testShopFigures: false };

export function scanFiguresSchema(dialect: DialectName) {
  const t = columnTypes(dialect);
  const count = dialect === "postgres" ? sql`bigint` : sql`integer`;
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createTable(FIGURES_TABLE)
      .addColumn("bucket", t.timestamp, (c) => c.notNull())
      .addColumn("provider_id", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("scan_type", "text", (c) => c.notNull())
      .addColumn("requests", count, (c) => c.notNull())
      .addColumn("duration_ms_sum", count, (c) => c.notNull())
      .addColumn("duration_count", count, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${FIGURES_TABLE}_pk`, ["bucket", "provider_id", "status", "scan_type"])
      .execute();
    await db.schema
      .createTable(SHOP_DAYS_TABLE)
      .addColumn("bucket", t.timestamp, (c) => c.notNull())
      .addColumn("provider_id", "integer", (c) => c.notNull())
      .addColumn("shop_id", "integer", (c) => c.notNull())
      .addColumn("successful", count, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${SHOP_DAYS_TABLE}_pk`, ["bucket", "provider_id", "shop_id"])
      .execute();
    // One provider's buckets; only key columns, so the triggers' count updates do not touch it.
    await db.schema.createIndex(`${FIGURES_TABLE}_provider`).on(FIGURES_TABLE).columns(["provider_id", "bucket"]).execute();
    await db.schema.createIndex(`${SHOP_DAYS_TABLE}_provider`).on(SHOP_DAYS_TABLE).columns(["provider_id", "bucket"]).execute();
    for (const statement of summaryTriggersSql(dialect, MIGRATION_0009_TABLES)) await sql.raw(statement).execute(db);
    for (const statement of rebuildSummarySql(dialect, MIGRATION_0009_TABLES)) await sql.raw(statement).execute(db);
    await sql.raw(`analyze ${FIGURES_TABLE}`).execute(db);
    await sql.raw(`analyze ${SHOP_DAYS_TABLE}`).execute(db);
  };
}
