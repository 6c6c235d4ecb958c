import type { DialectName } from "~/db/dialect";
import { rebuildSummarySql } from "~/db/migrations/scan-figures-sql";
import { sqlName, type SeedTable } from "./columns";

/**
 * The KPI dashboard's summary tables follow scan_requests and scan_request_details through
 * triggers (migration 0009). A bulk load switches the triggers off and, when it wrote either
 * table (or shops, whose test flag the test shops' figures follow), rebuilds the summary with one
 * GROUP BY each at the end instead of an upsert per row.
 */
export function summaryRebuildAfterLoad(dialect: DialectName, tables: readonly SeedTable[]): string[] {
  const names = new Set(tables.map(sqlName));
  return names.has("scan_requests") || names.has("scan_request_details") || names.has("shops") ? rebuildSummarySql(dialect) : [];
}
