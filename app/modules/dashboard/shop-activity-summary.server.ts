import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { periodIndex } from "./figure-sql";
import type { Period } from "./periods";
import type { DashboardScope } from "./scope";
import { notTestShop } from "./test-shops.server";

/**
 * Shop Activity Trend from the summary table scan_request_shop_days (migration 0009, decision
 * 0050): per period, the distinct shops with a successful request in one of its buckets, test
 * shops left out. For scopes without picked shops, over periods that are whole buckets.
 */
export async function summaryActiveShopsByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<number[]> {
  const counts = periods.map(() => 0);
  if (periods.length === 0) return counts;
  let query = getDb()
    .selectFrom("scanRequestShopDays as s")
    .where("s.bucket", ">=", periods[0].start)
    .where("s.bucket", "<", periods[periods.length - 1].end)
    .where("s.successful", ">", 0)
    .where(notTestShop("s.shopId"));
  if (scope.providerIds) query = query.where("s.providerId", "in", [...scope.providerIds]);
  const rows = await query
    .select([periodIndex("s.bucket", periods).as("period"), sql<number>`count(distinct s.shop_id)`.as("shops")])
    .groupBy(sql`1`)
    .execute();
  for (const row of rows) counts[Number(row.period)] = Number(row.shops);
  return counts;
}
