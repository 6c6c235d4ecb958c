import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { emptyPeriod, type PeriodScans } from "~/modules/dashboard/period-scans";
import { recentPeriods, type Interval } from "~/modules/dashboard/periods";
import { scansByPeriod, summaryAnswers } from "~/modules/dashboard/scan-figures.server";
import { ALL_OF_CARD, oneProvider, SELECTABLE_PROVIDERS, type DashboardScope } from "~/modules/dashboard/scope";
import { activeShopsByPeriod } from "~/modules/dashboard/shop-figures.server";
import { insertProvider, insertShop } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import {
  applySummaryWrite,
  startWithoutRequests,
  summaryAndRaw,
  summaryWrite,
  SUMMARY_PROVIDERS,
  SUMMARY_SHOPS,
  SUMMARY_TEST_SHOP,
  SUMMARY_UNSELECTABLE_PROVIDER,
} from "../support/summary-writes";

/**
 * The summary tables (migration 0009, decision 0050) after random batches of inserts, updates
 * and deletes of requests and details: equal to a GROUP BY of the raw rows after every batch, and
 * the dashboard's figures read from them equal to the figures read from the requests.
 */
const NOW = new Date("2026-04-02T18:00:00.000Z");

/** One period's scans of several providers added up. */
function sumOfPeriods(periods: readonly PeriodScans[]): PeriodScans {
  const sum = emptyPeriod();
  for (const period of periods) {
    for (const group of Object.keys(sum.byGroup) as Array<keyof PeriodScans["byGroup"]>) sum.byGroup[group] += period.byGroup[group];
    for (const [scanType, requests] of Object.entries(period.byFunction)) sum.byFunction[scanType] = (sum.byFunction[scanType] ?? 0) + requests;
    sum.durationMsSum += period.durationMsSum;
    sum.durationCount += period.durationCount;
  }
  return sum;
}
const RUNS = 25;

describe.each(testDialects)("the dashboard's summary tables on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
    for (const provider of SUMMARY_PROVIDERS) await insertProvider(provider, provider === SUMMARY_UNSELECTABLE_PROVIDER ? { version: "1.0" } : {});
    for (const shop of SUMMARY_SHOPS) await insertShop(shop, { test: shop === SUMMARY_TEST_SHOP });
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  /** The raw path: naming every shop keeps the figures the same and takes them off the summary. */
  const rawScope = (scope: DashboardScope): DashboardScope => ({ ...scope, shopIds: [...SUMMARY_SHOPS] });

  async function expectFiguresAsRaw(): Promise<void> {
    for (const interval of ["MONTH", "WEEK"] satisfies Interval[]) {
      const periods = recentPeriods(interval, NOW);
      for (const scope of [
        { providers: SELECTABLE_PROVIDERS, shopIds: null },
        { providers: oneProvider(2), shopIds: null },
      ]) {
        expect(summaryAnswers(scope, periods, ALL_OF_CARD)).toBe(true);
        expect(await scansByPeriod(scope, periods, ALL_OF_CARD)).toEqual(await scansByPeriod(rawScope(scope), periods, ALL_OF_CARD));
        expect(await activeShopsByPeriod(scope, periods)).toEqual(await activeShopsByPeriod(rawScope(scope), periods));
      }
      // Every provider is the sum of the providers one can choose, 1 and 2 (not 3).
      const every = await scansByPeriod({ providers: SELECTABLE_PROVIDERS, shopIds: null }, periods, ALL_OF_CARD);
      const selectable = SUMMARY_PROVIDERS.filter((provider) => provider !== SUMMARY_UNSELECTABLE_PROVIDER);
      const each = await Promise.all(selectable.map((provider) => scansByPeriod({ providers: oneProvider(provider), shopIds: null }, periods, ALL_OF_CARD)));
      expect(every).toEqual(every.map((_period, index) => sumOfPeriods(each.map((scans) => scans[index]))));
    }
  }

  it("equal a GROUP BY of the raw rows after every batch of writes, and give the raw path's figures", async () => {
    let batches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(summaryWrite, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (writeBatches) => {
        await startWithoutRequests();
        for (const batch of writeBatches) {
          for (const write of batch) await applySummaryWrite(write);
          const { summary, raw } = await summaryAndRaw();
          expect(summary).toEqual(raw);
          await expectFiguresAsRaw();
          batches += 1;
        }
      }),
      { numRuns: RUNS },
    );
    expect(batches).toBeGreaterThanOrEqual(RUNS);
  });

  it("hold inside a transaction that writes and then rolls back", async () => {
    await t.database.db.deleteFrom("scanRequests").execute();
    await applySummaryWrite({
      kind: "insert request",
      providerId: 1,
      shopId: 10,
      created: "2026-03-08T05:59:59.999Z",
      status: "COMPLETED",
      scanType: "Scan",
      details: { start: "2026-03-08T06:00:00.000Z", end: "2026-03-08T06:01:00.000Z" },
    });
    const before = await summaryAndRaw();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.updateTable("scanRequests").set({ status: "FAILED" }).execute();
        await trx.deleteFrom("scanRequestDetails").execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await summaryAndRaw()).toEqual(before);
    expect(before.summary.figures).toEqual(["2026-03-08T05:00:00.000Z | 1 | COMPLETED | Scan | 1 | 60000 | 1"]);
    expect(before.summary.shopDays).toEqual(["2026-03-08T05:00:00.000Z | 1 | 10 | 1"]);
  });
});
