import { sql, type RawBuilder } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { SCAN_TYPES } from "~/modules/transactions/vocabulary";
import type { Period } from "./periods";
import type { CardNarrowing, DashboardScope } from "./scope";
import { notTestShop } from "./test-shops.server";
import { STATUS_GROUPS, STATUSES_OF_GROUP, type StatusGroup } from "./status-groups";

/** One period's scan requests by status group and function, and the successful scans' durations. */
export interface PeriodScans {
  byGroup: Record<StatusGroup, number>;
  byFunction: Record<string, number>;
  /** Successful requests with both scan stamps: their summed and counted durations. */
  durationMsSum: number;
  durationCount: number;
}

function emptyPeriod(): PeriodScans {
  return {
    byGroup: { successful: 0, failed: 0, cancelled: 0 },
    byFunction: Object.fromEntries(SCAN_TYPES.map((type) => [type, 0])),
    durationMsSum: 0,
    durationCount: 0,
  };
}

/** The index of the period an instant falls in, by the periods' bounds (the same on both databases). */
function periodIndex(periods: readonly Period[]): RawBuilder<number> {
  const cases = periods.map((period, index) => sql`when r.created_date_time < ${period.end} then ${index}`);
  return sql<number>`case ${sql.join(cases, sql` `)} end`;
}

function statusGroup(): RawBuilder<string | null> {
  const cases = STATUS_GROUPS.map((group) => sql`when r.status in (${sql.join(STATUSES_OF_GROUP[group].map((status) => sql.lit(status)))}) then ${sql.lit(group)}`);
  return sql<string | null>`case ${sql.join(cases, sql` `)} end`;
}

/** Milliseconds between two instants: ISO strings on SQLite, timestamptz on PostgreSQL. */
function durationMs(): RawBuilder<number | null> {
  return getDialect() === "postgres"
    ? sql<number | null>`round(extract(epoch from (d.scan_end_time_stamp - d.scan_start_time_stamp)) * 1000)`
    : sql<number | null>`round((unixepoch(d.scan_end_time_stamp, 'subsec') - unixepoch(d.scan_start_time_stamp, 'subsec')) * 1000)`;
}

/**
 * One pass over the scope's requests in the periods, feeding Successful Scans, Failed Scans,
 * Average Scan Time and the scan and function trends (decision 0045). Test shops are left out.
 */
export async function scansByPeriod(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing): Promise<PeriodScans[]> {
  const result = periods.map(emptyPeriod);
  if (periods.length === 0) return result;
  const successful = STATUSES_OF_GROUP.successful.map((status) => sql.lit(status));
  let query = getDb()
    .selectFrom("scanRequests as r")
    .leftJoin("scanRequestDetails as d", "d.scanRequestId", "r.scanRequestId")
    .select([
      periodIndex(periods).as("period"),
      statusGroup().as("statusGroup"),
      "r.scanType as scanType",
      sql<number>`count(*)`.as("requests"),
      sql<number | null>`sum(case when r.status in (${sql.join(successful)}) then ${durationMs()} end)`.as("durationMsSum"),
      sql<number>`count(case when r.status in (${sql.join(successful)}) then ${durationMs()} end)`.as("durationCount"),
    ])
    .where("r.createdDateTime", ">=", periods[0].start)
    .where("r.createdDateTime", "<", periods[periods.length - 1].end)
    .where(notTestShop("r.shopId"))
    .groupBy([sql`1`, sql`2`, sql`3`]);
  if (scope.providerIds) query = query.where("r.providerId", "in", [...scope.providerIds]);
  if (scope.shopIds) query = query.where("r.shopId", "in", [...scope.shopIds]);
  if (narrowing.make) query = query.where("r.make", "=", narrowing.make);
  if (narrowing.providerScanType) query = query.where("r.providerScanType", "=", narrowing.providerScanType);

  for (const row of await query.execute()) {
    const period = result[Number(row.period)];
    const requests = Number(row.requests);
    const group = row.statusGroup as StatusGroup | null;
    if (group) period.byGroup[group] += requests;
    period.byFunction[row.scanType] = (period.byFunction[row.scanType] ?? 0) + requests;
    period.durationMsSum += Number(row.durationMsSum ?? 0);
    period.durationCount += Number(row.durationCount);
  }
  return result;
}
