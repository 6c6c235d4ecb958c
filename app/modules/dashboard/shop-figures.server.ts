import { sql, type RawBuilder } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { periodsFitBuckets } from "./figure-buckets";
import { periodIndex } from "./figure-sql";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import type { DashboardScope } from "./scope";
import { summaryActiveShopsByPeriod } from "./shop-activity-summary.server";
import type { ShopStatus } from "./shop-statuses";
import { STATUSES_OF_GROUP } from "./status-groups";
import { notTestShop } from "./test-shops.server";

/** A registered shop transacts when it had a successful scan within this many days (spec §9). */
export const TRANSACTING_WINDOW_DAYS = 30;
export { SHOP_STATUSES, type ShopStatus } from "./shop-statuses";

const DAY_MS = 86_400_000;

function successfulStatuses(): RawBuilder<unknown> {
  return sql.join(STATUSES_OF_GROUP.successful.map((status) => sql.lit(status)));
}

/** The scope's registrations of shops that are not test shops. */
function registrationsInScope(scope: DashboardScope) {
  let query = getDb().selectFrom("shopRegistrations as g").where(notTestShop("g.shopId")).where(inProviderScope("g.providerId", scope.providers));
  if (scope.shopIds) query = query.where("g.shopId", "in", [...scope.shopIds]);
  return query;
}

/** Registered Shops: the active registrations now, and those created before `current` began (one per shop and provider, as the Shop List lists them). */
export async function registeredShops(scope: DashboardScope, current: Period): Promise<{ now: number; atPeriodStart: number }> {
  const row = await registrationsInScope(scope)
    .where("g.isActive", "=", 1)
    .select([sql<number>`count(*)`.as("now"), sql<number>`count(case when g.created_date_time < ${current.start} then 1 end)`.as("atPeriodStart")])
    .executeTakeFirstOrThrow();
  return { now: Number(row.now), atPeriodStart: Number(row.atPeriodStart) };
}

/**
 * Shop Activity Trend: per period, the distinct shops with at least one successful scan, from
 * the summary table unless shops are picked (decision 0050). Read raw, on PostgreSQL the distinct (period, shop) pairs are grouped first and then counted, so it hashes a
 * few thousand pairs instead of sorting every successful request for count(distinct); SQLite sorts
 * either way, and count(distinct) took half the CPU there (decision 0050).
 */
export async function activeShopsByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<number[]> {
  if (!scope.shopIds && periodsFitBuckets(periods)) return summaryActiveShopsByPeriod(scope, periods);
  const counts = periods.map(() => 0);
  if (periods.length === 0) return counts;
  let successful = getDb()
    .selectFrom("scanRequests as r")
    .where("r.createdDateTime", ">=", periods[0].start)
    .where("r.createdDateTime", "<", periods[periods.length - 1].end)
    .where(sql<boolean>`r.status in (${successfulStatuses()})`)
    .where(notTestShop("r.shopId"))
    .where(inProviderScope("r.providerId", scope.providers));
  if (scope.shopIds) successful = successful.where("r.shopId", "in", [...scope.shopIds]);
  const period = periodIndex("r.createdDateTime", periods);
  const rows =
    getDialect() === "postgres"
      ? await getDb()
          .selectFrom(
            successful
              .select([period.as("period"), "r.shopId as shopId"])
              .groupBy([sql`1`, sql`2`])
              .as("p"),
          )
          .select(["p.period", sql<number>`count(*)`.as("shops")])
          .groupBy("p.period")
          .execute()
      : await successful
          .select([period.as("period"), sql<number>`count(distinct r.shop_id)`.as("shops")])
          .groupBy(sql`1`)
          .execute();
  for (const row of rows) counts[Number(row.period)] = Number(row.shops);
  return counts;
}

/** Shop Adoption Trend: per period, the registrations created in it (new shops of the provider). */
export async function newRegistrationsByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<number[]> {
  const counts = periods.map(() => 0);
  if (periods.length === 0) return counts;
  const rows = await registrationsInScope(scope)
    .select([periodIndex("g.createdDateTime", periods).as("period"), sql<number>`count(*)`.as("registrations")])
    .where("g.createdDateTime", ">=", periods[0].start)
    .where("g.createdDateTime", "<", periods[periods.length - 1].end)
    .groupBy(sql`1`)
    .execute();
  for (const row of rows) counts[Number(row.period)] = Number(row.registrations);
  return counts;
}

/** The instant from which a successful scan makes a shop Transacting. */
export function transactingSince(now: Date): string {
  return new Date(now.getTime() - TRANSACTING_WINDOW_DAYS * DAY_MS).toISOString();
}

/**
 * A registration's Shop List status as SQL: Deregistered when inactive, Transacting when its
 * provider had a successful scan from its shop since `since`, else Non-Transacting.
 */
export function shopStatusSql(since: string): RawBuilder<ShopStatus> {
  return sql<ShopStatus>`case when g.is_active = 0 then 'Deregistered' when exists (
    select 1 from scan_requests t where t.provider_id = g.provider_id and t.shop_id = g.shop_id
      and t.created_date_time >= ${since} and t.status in (${successfulStatuses()})
  ) then 'Transacting' else 'Non-Transacting' end`;
}

/** The Shop List card: the scope's registrations by status. */
export async function registrationsByShopStatus(scope: DashboardScope, now: Date): Promise<Record<ShopStatus, number>> {
  const counts: Record<ShopStatus, number> = { Transacting: 0, "Non-Transacting": 0, Deregistered: 0 };
  const rows = await registrationsInScope(scope)
    .select([shopStatusSql(transactingSince(now)).as("status"), sql<number>`count(*)`.as("registrations")])
    .groupBy(sql`1`)
    .execute();
  for (const row of rows) counts[row.status] = Number(row.registrations);
  return counts;
}
