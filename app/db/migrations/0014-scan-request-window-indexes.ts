import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * Two indexes of the scan requests widened so that the queries reading a window of them at ten
 * million requests are answered from the index alone (decision 0092). Each replaces an index with
 * the same leading columns, so the plans that used the old one keep working.
 *
 * - scan_requests_provider_filters replaces scan_requests_provider_scope (migration 0008): its eight
 *   leading columns (so the dashboard's reads keep their order and stay index-only), then the grid
 *   filters' other columns, as scan_requests_created_filters holds them for every provider. A
 *   provider-only user's every grid query, and any query with a Provider filter, reads only that
 *   provider's entries of the window whatever else it filters by: 90 days of one provider filtered
 *   by scan type and invoice status read 3.2 million entries of every provider's window (390 ms)
 *   and now the provider's own 42,649 (180 ms).
 * - scan_requests_shop_window replaces scan_requests_shop_created (migration 0004): a shop's window
 *   with the provider, status and scan type. The Shop List card asks of each registration whether
 *   its shop had a successful scan with its provider in 30 days; that probe read each request of
 *   the shop's window from the table (600 ms for every provider's 1,449 registrations) and now
 *   reads the index alone (31 ms). The test shops' requests the dashboard takes away from its
 *   summary are read through it too.
 * - On PostgreSQL, scan_requests_vin_pattern replaces scan_requests_vin_created: the VIN filter
 *   (its beginning, LIKE 'prefix%') never used the old index, because PostgreSQL turns a LIKE
 *   prefix into an index range only for the "C" collation or text_pattern_ops, so it read every
 *   entry of the window (a whole VIN: 130 ms at ten million requests); now a range of the VIN
 *   index (2 ms). SQLite already reads the VIN by range (text-match.server.ts).
 */
export function scanRequestWindowIndexes(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createIndex("scan_requests_provider_filters")
      .ifNotExists()
      .on("scan_requests")
      .columns([
        "provider_id",
        "created_date_time",
        "status",
        "scan_type",
        "shop_id",
        "make",
        "provider_scan_type",
        "scan_request_id",
        "type",
        "scan_phase",
        "invoice_status",
        "client_type",
        "is_billable",
        "provider_scan_status",
        "vin",
        "provider_service_name",
      ])
      .execute();
    await db.schema.dropIndex("scan_requests_provider_scope").ifExists().execute();
    await db.schema
      .createIndex("scan_requests_shop_window")
      .ifNotExists()
      .on("scan_requests")
      .columns(["shop_id", "created_date_time", "provider_id", "status", "scan_type"])
      .execute();
    await db.schema.dropIndex("scan_requests_shop_created").ifExists().execute();
    if (dialect === "postgres") {
      // The VIN filter's LIKE 'prefix%' reaches a btree only through text_pattern_ops (or under the
      // "C" collation itself: a database created with C.UTF-8 does not count).
      await sql`create index if not exists scan_requests_vin_pattern on scan_requests (vin text_pattern_ops, created_date_time)`.execute(db);
      await db.schema.dropIndex("scan_requests_vin_created").ifExists().execute();
    }
    if (dialect === "sqlite") await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze scan_requests`.execute(db);
  };
}
