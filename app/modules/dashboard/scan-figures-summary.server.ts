import { sql, type SqlBool } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import { isSuccessful, periodIndex, statusGroup } from "./figure-sql";
import { addScanCount, emptyPeriod, subtractPeriodScans, type PeriodScans, type ScanCount } from "./period-scans";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import type { DashboardScope } from "./scope";

/**
 * scansByPeriod from the summary table scan_request_figures (migration 0009, decision 0050) for a
 * scope of every provider or some, without picked shops or a card's narrowing, over periods that
 * are whole buckets. The table holds every shop: the test shops' own figures
 * (scan_request_test_shop_figures, migration 0015, decision 0093) are taken away.
 */
export async function summaryScansByPeriod(scope: DashboardScope, periods: readonly Period[]): Promise<PeriodScans[]> {
  const result = periods.map(emptyPeriod);
  if (periods.length === 0) return result;
  const db = getDb();
  // Both tables have the same key and columns: the periods' buckets of the scope's providers.
  const inScope = sql<SqlBool>`${sql.ref("f.bucket")} >= ${periods[0].start} and ${sql.ref("f.bucket")} < ${periods[periods.length - 1].end} and ${inProviderScope("f.providerId", scope.providers)}`;
  const figures = db.selectFrom("scanRequestFigures as f").where(inScope);
  // Every provider on SQLite: first one row per bucket, status and scan type, read in the order of
  // the index scan_request_figures_all (migrations 0010, 0011: the provider id in it for the check of
  // the providers left out), so the outer GROUP BY sorts ~6x fewer rows.
  const source =
    scope.providers.kind === "selectable" && getDialect() === "sqlite"
      ? db.selectFrom(
          figures
            .select([
              "f.bucket",
              "f.status",
              "f.scanType",
              sql<number>`sum(f.requests)`.as("requests"),
              sql<number>`sum(f.duration_ms_sum)`.as("durationMsSum"),
              sql<number>`sum(f.duration_count)`.as("durationCount"),
            ])
            .groupBy(["f.bucket", "f.status", "f.scanType"])
            .as("f"),
        )
      : figures;
  const testShopFigures = db.selectFrom("scanRequestTestShopFigures as f").where(inScope);
  const [rows, testShopRows] = await Promise.all([
    source.select(periodFigures(periods)).groupBy(GROUPED).execute(),
    testShopFigures.select(periodFigures(periods)).groupBy(GROUPED).execute(),
  ]);
  const testShops = periods.map(emptyPeriod);
  addFigureRows(result, rows);
  addFigureRows(testShops, testShopRows);
  testShops.forEach((test, index) => subtractPeriodScans(result[index], test));
  return result;
}

const GROUPED = [sql`1`, sql`2`, sql`3`];

/** Per period, status group and scan type: the requests, and the successful ones' summed and counted durations. */
function periodFigures(periods: readonly Period[]) {
  return [
    periodIndex("f.bucket", periods).as("period"),
    statusGroup("f.status").as("statusGroup"),
    sql<string>`f.scan_type`.as("scanType"),
    sql<number>`sum(f.requests)`.as("requests"),
    sql<number | null>`sum(case when ${isSuccessful("f.status")} then f.duration_ms_sum end)`.as("durationMsSum"),
    sql<number | null>`sum(case when ${isSuccessful("f.status")} then f.duration_count end)`.as("durationCount"),
  ];
}

interface FigureRow extends ScanCount {
  durationMsSum: number | null;
  durationCount: number | null;
}

function addFigureRows(result: PeriodScans[], rows: readonly FigureRow[]): void {
  for (const row of rows) {
    addScanCount(result, row, 1);
    result[Number(row.period)].durationMsSum += Number(row.durationMsSum ?? 0);
    result[Number(row.period)].durationCount += Number(row.durationCount ?? 0);
  }
}
