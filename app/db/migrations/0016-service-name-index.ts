import { sql } from "kysely";
import type { DialectName } from "../dialect";
import type { MigrationDb } from "./column-types";

/**
 * The Provider Service Name filter ("contains") by index (decision 0094): scan_requests_service_window
 * on (provider_service_name, created_date_time). The grid first reads the column's few distinct
 * names from it (one probe per name), keeps those that contain the text, and filters by that list:
 * each name's window is a range of the same index. Before, the text was matched against every
 * request of the window (ten million requests: 270,000 a week, 89 ms for the count alone; 2.5 ms
 * through the index).
 */
export function serviceNameIndex(dialect: DialectName) {
  return async function up(db: MigrationDb): Promise<void> {
    await db.schema
      .createIndex("scan_requests_service_window")
      .ifNotExists()
      .on("scan_requests")
      .columns(["provider_service_name", "created_date_time"])
      .execute();
    if (dialect === "sqlite") await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze scan_requests`.execute(db);
  };
}
