import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { isSuccessful, periodIndex, statusGroup } from "./figure-sql";
import { addScanCount, emptyPeriod, type PeriodScans } from "./period-scans";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import { durationMs } from "./scan-figures-raw.server";
import type { DashboardScope } from "./scope";
import { onlyTestShops } from "./test-shops.server";

/**
 * The test shops' requests in the periods, counted as scansByPeriod counts (what the summary
 * path takes away from the summary's totals, which hold every shop: the scope's providers only).
 * One pass through the shop index (a few percent of the rows): the provider condition is written `+provider_id` so SQLite
 * does not read the provider's whole range instead (~113,000 index entries at 1M), and there is
 * no status condition for it to read the successful requests' index by.
 */
export async function testShopScansByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<PeriodScans[]> {
  const result = periods.map(emptyPeriod);
  if (periods.length === 0) return result;
  const query = getDb()
    .selectFrom("scanRequests as r")
    .leftJoin("scanRequestDetails as d", "d.scanRequestId", "r.scanRequestId")
    .where(onlyTestShops("r.shopId"))
    .where("r.createdDateTime", ">=", periods[0].start)
    .where("r.createdDateTime", "<", periods[periods.length - 1].end)
    .where(inProviderScope("r.providerId", scope.providers, { unindexed: true }));
  const rows = await query
    .select([
      periodIndex("r.createdDateTime", periods).as("period"),
      statusGroup("r.status").as("statusGroup"),
      "r.scanType as scanType",
      sql<number>`count(*)`.as("requests"),
      sql<number | null>`sum(case when ${isSuccessful("r.status")} then ${durationMs()} end)`.as("durationMsSum"),
      sql<number>`count(case when ${isSuccessful("r.status")} then ${durationMs()} end)`.as("durationCount"),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
  for (const row of rows) {
    addScanCount(result, row, 1);
    result[Number(row.period)].durationMsSum += Number(row.durationMsSum ?? 0);
    result[Number(row.period)].durationCount += Number(row.durationCount ?? 0);
  }
  return result;
}
