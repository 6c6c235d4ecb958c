import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * The two SQLite indexes of migration 0010 again, each with the provider id (decision 0064): "every
 * provider" on the dashboard is every provider one can choose, so those reads now leave out the
 * providers one cannot (AHMC, those not on version 2.0) by a check on the provider id, which the
 * index must hold for the check to cost no table read.
 *
 * - scan_request_figures_all: the provider id after the grouped columns, so the GROUP BY still
 *   follows the index's order.
 * - scan_request_shop_days_shop: the provider id after the bucket, so each probe still finds a
 *   shop's buckets of a period by range.
 *
 * Nothing on PostgreSQL (migration 0010 added nothing there).
 */
export function summaryIndexesWithProvider(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    if (dialect !== "sqlite") return;
    await sql`drop index if exists scan_request_figures_all`.execute(db);
    await sql`create index scan_request_figures_all on scan_request_figures (bucket, status, scan_type, provider_id, requests, duration_ms_sum, duration_count)`.execute(
      db,
    );
    await sql`drop index if exists scan_request_shop_days_shop`.execute(db);
    await sql`create index scan_request_shop_days_shop on scan_request_shop_days (shop_id, bucket, provider_id) where successful > 0`.execute(db);
    await sql`analyze scan_request_figures`.execute(db);
    await sql`analyze scan_request_shop_days`.execute(db);
  };
}
