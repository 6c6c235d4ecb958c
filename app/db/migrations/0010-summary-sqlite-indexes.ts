import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * Two indexes for the KPI dashboard's every-provider figures on SQLite (decision 0058, measured in
 * docs/performance.md, "KPI dashboard: every provider's Month on SQLite"):
 *
 * - scan_request_figures_all (bucket, status, scan_type and the three counts): every provider's
 *   figures of the periods grouped by bucket, status and scan type straight from the index, in
 *   its order, so SQLite sorts the ~12,000 groups instead of the ~73,000 rows (1M requests, five
 *   months) and reads no table row.
 * - scan_request_shop_days_shop (shop_id, bucket), of the rows with successful requests only:
 *   Shop Activity asks, per shop and period, whether one such row exists (an index probe each)
 *   instead of sorting every shop's buckets for count(distinct).
 *
 * PostgreSQL's plans for the same figures met their targets (hash aggregates, no such sort):
 * nothing is added there, so its writes do not pay for indexes it does not read.
 */
export function summarySqliteIndexes(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    if (dialect !== "sqlite") return;
    await sql`create index if not exists scan_request_figures_all on scan_request_figures (bucket, status, scan_type, requests, duration_ms_sum, duration_count)`.execute(
      db,
    );
    await sql`create index if not exists scan_request_shop_days_shop on scan_request_shop_days (shop_id, bucket) where successful > 0`.execute(db);
    await sql`analyze scan_request_figures`.execute(db);
    await sql`analyze scan_request_shop_days`.execute(db);
  };
}
