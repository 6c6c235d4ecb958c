import { sql } from "kysely";
import type { DialectName } from "../dialect";
import { columnTypes, type MigrationDb } from "./column-types";
import { rebuildTestShopFiguresSql, TEST_SHOP_FIGURES_TABLE } from "./scan-figures-sql";
import { dropSummaryTriggersSql, summaryTriggersSql } from "./scan-figures-triggers";

/**
 * The test shops' own figures (decision 0093): scan_request_figures of the requests of test shops
 * alone, kept by the same triggers, and by one on shops when a shop becomes a test shop or stops
 * being one. The dashboard took these away from the figures of every shop by reading the test
 * shops' raw requests (with their details, for the durations) on every view; now it reads them
 * from this table. Filled from the requests already there.
 */
export function testShopFiguresSchema(dialect: DialectName) {
  const t = columnTypes(dialect);
  const count = dialect === "postgres" ? sql`bigint` : sql`integer`;
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createTable(TEST_SHOP_FIGURES_TABLE)
      .addColumn("bucket", t.timestamp, (c) => c.notNull())
      .addColumn("provider_id", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("scan_type", "text", (c) => c.notNull())
      .addColumn("requests", count, (c) => c.notNull())
      .addColumn("duration_ms_sum", count, (c) => c.notNull())
      .addColumn("duration_count", count, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${TEST_SHOP_FIGURES_TABLE}_pk`, ["bucket", "provider_id", "status", "scan_type"])
      .execute();
    for (const statement of dropSummaryTriggersSql(dialect)) await sql.raw(statement).execute(db);
    for (const statement of summaryTriggersSql(dialect)) await sql.raw(statement).execute(db);
    for (const statement of rebuildTestShopFiguresSql(dialect)) await sql.raw(statement).execute(db);
    await sql.raw(`analyze ${TEST_SHOP_FIGURES_TABLE}`).execute(db);
  };
}
