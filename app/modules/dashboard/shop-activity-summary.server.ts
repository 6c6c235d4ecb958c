import { sql } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { periodIndex } from "./figure-sql";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import type { DashboardProviders, DashboardScope } from "./scope";
import { notTestShop } from "./test-shops.server";

/**
 * Shop Activity Trend from the summary table scan_request_shop_days (migration 0009, decision
 * 0050): per period, the distinct shops with a successful request in one of its buckets, test
 * shops left out. For scopes without picked shops, over periods that are whole buckets.
 */
export async function summaryActiveShopsByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<number[]> {
  const counts = periods.map(() => 0);
  if (periods.length === 0) return counts;
  if (scope.providers.kind === "selectable" && getDialect() === "sqlite") return everyProvidersActiveShopsOnSqlite(scope.providers, periods);
  const rows = await getDb()
    .selectFrom("scanRequestShopDays as s")
    .where("s.bucket", ">=", periods[0].start)
    .where("s.bucket", "<", periods[periods.length - 1].end)
    .where("s.successful", ">", 0)
    .where(notTestShop("s.shopId"))
    .where(inProviderScope("s.providerId", scope.providers))
    .select([periodIndex("s.bucket", periods).as("period"), sql<number>`count(distinct s.shop_id)`.as("shops")])
    .groupBy(sql`1`)
    .execute();
  for (const row of rows) counts[Number(row.period)] = Number(row.shops);
  return counts;
}

/**
 * Every provider on SQLite: per shop that is not a test shop and per period, whether one of its
 * buckets in the period had a successful request with a selectable provider, an index probe each
 * (scan_request_shop_days_shop, migrations 0010 and 0011: the provider id is in the index, so the
 * providers left out are checked without reading the table): a few per shop, instead of sorting
 * each shop's every bucket for count(distinct). Every shop of a request is in the shops table (a
 * foreign key), so counting shops counts the same.
 */
async function everyProvidersActiveShopsOnSqlite(providers: DashboardProviders, periods: readonly Period[]): Promise<number[]> {
  const ofScope = inProviderScope("s.providerId", providers);
  const row = await getDb()
    .selectFrom("shops as sh")
    .where(notTestShop("sh.repairFacilityId"))
    .select(
      periods.map((period, index) =>
        sql<number>`sum(exists (select 1 from scan_request_shop_days s where s.shop_id = sh.repair_facility_id and s.bucket >= ${period.start} and s.bucket < ${period.end} and s.successful > 0 and ${ofScope}))`.as(
          `p${index}`,
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const shops: Record<string, unknown> = row;
  return periods.map((_, index) => Number(shops[`p${index}`] ?? 0));
}
