import { sql, type RawBuilder } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { isSuccessful, periodIndex, statusGroup } from "./figure-sql";
import { addScanCount, emptyPeriod, type PeriodScans } from "./period-scans";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import type { CardNarrowing, DashboardScope } from "./scope";
import { notTestShop } from "./test-shops.server";

/** Milliseconds between a details row's two stamps: ISO strings on SQLite, timestamptz on PostgreSQL. */
export function durationMs(): RawBuilder<number | null> {
  return getDialect() === "postgres"
    ? sql<number | null>`round(extract(epoch from (d.scan_end_time_stamp - d.scan_start_time_stamp)) * 1000)`
    : sql<number | null>`round((unixepoch(d.scan_end_time_stamp, 'subsec') - unixepoch(d.scan_start_time_stamp, 'subsec')) * 1000)`;
}

/** The scope's requests in the periods, test shops left out, narrowed to the card's make and provider scan type. */
function requestsInPeriods(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing) {
  let query = getDb()
    .selectFrom("scanRequests as r")
    .where("r.createdDateTime", ">=", periods[0].start)
    .where("r.createdDateTime", "<", periods[periods.length - 1].end)
    .where(notTestShop("r.shopId"))
    .where(inProviderScope("r.providerId", scope.providers));
  if (scope.shopIds) query = query.where("r.shopId", "in", [...scope.shopIds]);
  if (narrowing.make) query = query.where("r.make", "=", narrowing.make);
  if (narrowing.providerScanType) query = query.where("r.providerScanType", "=", narrowing.providerScanType);
  return query;
}

/** Requests per period, status group and function: read from an index of scan requests alone. */
function countsByPeriod(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing) {
  return requestsInPeriods(scope, periods, narrowing)
    .select([
      periodIndex("r.createdDateTime", periods).as("period"),
      statusGroup("r.status").as("statusGroup"),
      "r.scanType as scanType",
      sql<number>`count(*)`.as("requests"),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
}

/** The instant falls in the period: within its bounds. */
function inPeriod(period: Period): RawBuilder<boolean> {
  return sql<boolean>`r.created_date_time >= ${period.start} and r.created_date_time < ${period.end}`;
}

/**
 * The successful requests' scan durations, one pair of columns per period. Apart from the counts,
 * so that only the successful requests join their details (through the narrow index of the two
 * stamps); columns instead of GROUP BY, so neither database sorts the joined rows.
 */
async function durationsByPeriod(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing): Promise<Array<{ sum: number; count: number }>> {
  const columns = periods.flatMap((period, index) => [
    sql<number | null>`sum(case when ${inPeriod(period)} then ${durationMs()} end)`.as(`sum${index}`),
    sql<number>`count(case when ${inPeriod(period)} then ${durationMs()} end)`.as(`count${index}`),
  ]);
  const row: Record<string, unknown> = await requestsInPeriods(scope, periods, narrowing)
    .innerJoin("scanRequestDetails as d", "d.scanRequestId", "r.scanRequestId")
    .where(isSuccessful("r.status"))
    .select(columns)
    .executeTakeFirstOrThrow();
  return periods.map((_period, index) => ({ sum: Number(row[`sum${index}`] ?? 0), count: Number(row[`count${index}`] ?? 0) }));
}

/**
 * scansByPeriod read from the requests themselves (decision 0050's raw path): the counts and the
 * durations, two passes over indexes, test shops left out.
 */
export async function rawScansByPeriod(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing): Promise<PeriodScans[]> {
  const result = periods.map(emptyPeriod);
  if (periods.length === 0) return result;
  const [counts, durations] = await Promise.all([countsByPeriod(scope, periods, narrowing), durationsByPeriod(scope, periods, narrowing)]);
  for (const row of counts) addScanCount(result, row, 1);
  durations.forEach((duration, index) => {
    result[index].durationMsSum = duration.sum;
    result[index].durationCount = duration.count;
  });
  return result;
}
