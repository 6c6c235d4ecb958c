import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * Indexes for the KPI dashboard's passes over scan requests (decision 0050, measured in
 * docs/performance.md, "KPI dashboard at 1,000,000 requests"). Each replaces an index with the
 * same leading columns, so the grids' plans that used the old one keep working:
 *
 * - scan_requests_provider_scope (was provider_id, created_date_time): one provider's requests
 *   in the dashboard's periods, with every column its figures group or filter by (status, scan
 *   type, shop, and the cards' make and provider scan type), read from the index alone instead
 *   of fetching each row. The request id last, for the join to the details (PostgreSQL; SQLite
 *   has the rowid in every index anyway).
 * - scan_requests_status_scope (was status, created_date_time): the successful requests of the
 *   periods (Shop Activity's distinct shops, the scan durations) for every provider or one.
 * - scan_request_details_durations: the two scan stamps beside the request id, so the average
 *   scan time joins a narrow index instead of the wide details rows.
 *
 * Analysed again, sampled on SQLite, as migration 0004 does.
 */
export function dashboardIndexes(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createIndex("scan_requests_provider_scope")
      .ifNotExists()
      .on("scan_requests")
      .columns(["provider_id", "created_date_time", "status", "scan_type", "shop_id", "make", "provider_scan_type", "scan_request_id"])
      .execute();
    await db.schema.dropIndex("scan_requests_provider_created").ifExists().execute();
    await db.schema
      .createIndex("scan_requests_status_scope")
      .ifNotExists()
      .on("scan_requests")
      .columns(["status", "created_date_time", "provider_id", "shop_id", "scan_request_id"])
      .execute();
    await db.schema.dropIndex("scan_requests_status_created").ifExists().execute();
    await db.schema
      .createIndex("scan_request_details_durations")
      .ifNotExists()
      .on("scan_request_details")
      .columns(["scan_request_id", "scan_start_time_stamp", "scan_end_time_stamp"])
      .execute();
    if (dialect === "sqlite") await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze scan_requests`.execute(db);
    await sql`analyze scan_request_details`.execute(db);
  };
}
