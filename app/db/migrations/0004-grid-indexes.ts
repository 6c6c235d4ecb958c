import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * Indexes for the Transactions and Services grids at a million scan requests (measured in
 * docs/performance.md, "Grids and CSV export"):
 *
 * - scan_requests_created_filters replaces scan_requests_created (same leading columns, so the
 *   newest-first order still comes from it) and adds every column an equality or "contains"
 *   filter reads (the VIN too, for prefixes too short for the VIN index), plus provider_id for
 *   the join: counting a filtered date window, and skipping OFFSET rows for deep pages, no
 *   longer fetch each table row.
 * - scan_requests_vin_created and scan_requests_license_created replace the single-column
 *   indexes: a short VIN prefix matches a large part of the table, and the date of each match is
 *   now read from the index instead of the row (a one-character VIN prefix count: seconds -> ms).
 *
 * SQLite plans with the statistics of ANALYZE (sqlite_stat1), which a new index lacks, so the
 * table is analysed again, sampled (analysis_limit) as the demo-data seed does: quick on millions
 * of rows, and the same statistics as a freshly seeded database. (A full ANALYZE was tried: its
 * exact counts made SQLite choose skip-scans of the shop index for sorted 90-day queries, ~2 s.)
 */
const WIDE_INDEX_COLUMNS = [
  "created_date_time",
  "scan_request_id",
  "provider_id",
  "shop_id",
  "type",
  "status",
  "scan_type",
  "scan_phase",
  "invoice_status",
  "client_type",
  "is_billable",
  "provider_scan_status",
  "vin",
  "provider_service_name",
];

export function gridIndexes(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema.createIndex("scan_requests_created_filters").ifNotExists().on("scan_requests").columns(WIDE_INDEX_COLUMNS).execute();
    await db.schema.dropIndex("scan_requests_created").ifExists().execute();
    await db.schema.createIndex("scan_requests_vin_created").ifNotExists().on("scan_requests").columns(["vin", "created_date_time"]).execute();
    await db.schema.dropIndex("scan_requests_vin").ifExists().execute();
    await db.schema.createIndex("scan_requests_license_created").ifNotExists().on("scan_requests").columns(["license_no", "created_date_time"]).execute();
    await db.schema.dropIndex("scan_requests_license").ifExists().execute();
    if (dialect === "sqlite") await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze scan_requests`.execute(db);
  };
}
