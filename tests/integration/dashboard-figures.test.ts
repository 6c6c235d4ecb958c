import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { recentPeriods } from "~/modules/dashboard/periods";
import { scansByPeriod } from "~/modules/dashboard/scan-figures.server";
import { ALL_OF_CARD, oneProvider, SELECTABLE_PROVIDERS } from "~/modules/dashboard/scope";
import { activeShopsByPeriod, newRegistrationsByPeriod, registeredShops, registrationsByShopStatus } from "~/modules/dashboard/shop-figures.server";
import { insertProvider, insertRegistration, insertRequest, insertShop, NOW } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The dashboard's figures (decision 0045) against a hand-made data set whose answers are known:
 * periods cut at midnight in America/Chicago (a request one second before November's first
 * midnight there is October's), test shops left out, status groups, durations, shop statuses.
 */
describe.each(testDialects)("dashboard figures on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
    await insertProvider(1);
    await insertProvider(2);
    // A provider one cannot choose (not on version 2.0): in no figure of every provider.
    await insertProvider(3, { version: "1.0" });
    for (const shop of [10, 11, 12, 14]) await insertShop(shop);
    await insertShop(13, { test: true });
    await insertRegistration(1, 10, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(1, 11, { created: "2026-11-05T15:00:00.000Z" });
    await insertRegistration(1, 12, { created: "2026-09-10T15:00:00.000Z", active: false });
    await insertRegistration(1, 13, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(1, 14, { created: "2026-07-01T15:00:00.000Z" });
    await insertRegistration(2, 10, { created: "2026-08-15T15:00:00.000Z" });
    const p1 = (shopId: number, created: string, status: string, more: Record<string, unknown> = {}) =>
      insertRequest({ providerId: 1, shopId, created, status, ...more });
    await p1(10, "2026-11-01T04:59:59.000Z", "COMPLETED", { durationMs: 60_000 });
    await p1(10, "2026-11-01T05:00:00.000Z", "COMPLETED", { durationMs: 120_000, make: "BMW", providerScanType: "POST_SCAN" });
    await p1(11, "2026-11-20T15:00:00.000Z", "COMPLETED (CCCONE Error)", { scanType: "Calibration" });
    await p1(11, "2026-11-21T15:00:00.000Z", "FAILED (Provider Failure)");
    await p1(14, "2026-11-21T16:00:00.000Z", "FAILED");
    await p1(10, "2026-11-22T15:00:00.000Z", "CANCELLED");
    await p1(10, "2026-11-23T05:59:59.000Z", "COMPLETED", { durationMs: 30_000 });
    await p1(10, "2026-11-23T15:00:00.000Z", "IN PROGRESS");
    await p1(13, "2026-11-20T15:00:00.000Z", "COMPLETED");
    await p1(10, "2026-10-10T15:00:00.000Z", "FAILED");
    await p1(10, "2026-06-15T15:00:00.000Z", "COMPLETED");
    await insertRequest({ providerId: 2, shopId: 10, created: "2026-11-10T15:00:00.000Z", status: "COMPLETED" });
    await insertRegistration(3, 11, { created: "2026-11-02T15:00:00.000Z" });
    await insertRequest({ providerId: 3, shopId: 11, created: "2026-11-10T15:00:00.000Z", status: "COMPLETED", make: "BMW", durationMs: 600_000 });
    await insertRequest({ providerId: 3, shopId: 12, created: "2026-10-10T15:00:00.000Z", status: "COMPLETED" });
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  const months = recentPeriods("MONTH", NOW);
  const weeks = recentPeriods("WEEK", NOW);
  const provider1 = { providers: oneProvider(1), shopIds: null };
  const everyProvider = { providers: SELECTABLE_PROVIDERS, shopIds: null };

  it("cuts months and weeks at midnight in America/Chicago", () => {
    expect(months.map((period) => period.label)).toEqual(["Jul 2026", "Aug 2026", "Sep 2026", "Oct 2026", "Nov 2026"]);
    expect(months[4]).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-30",
      start: "2026-11-01T05:00:00.000Z",
      end: "2026-12-01T06:00:00.000Z",
      inProgress: true,
    });
    expect(months.slice(0, 4).every((period) => !period.inProgress)).toBe(true);
    expect(weeks.map((period) => period.from)).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(weeks[0].start).toBe("2026-10-26T05:00:00.000Z");
    expect(weeks[4].start).toBe("2026-11-23T06:00:00.000Z");
  });

  it("counts a provider's requests by month, status group and function, test shops left out", async () => {
    const scans = await scansByPeriod(provider1, months, ALL_OF_CARD);
    expect(scans.map((period) => period.byGroup)).toEqual([
      { successful: 0, failed: 0, cancelled: 0 },
      { successful: 0, failed: 0, cancelled: 0 },
      { successful: 0, failed: 0, cancelled: 0 },
      { successful: 1, failed: 1, cancelled: 0 },
      { successful: 3, failed: 2, cancelled: 1 },
    ]);
    expect(scans[4].byFunction).toMatchObject({ Scan: 6, Calibration: 1, Programming: 0 });
    expect(scans[3].byFunction).toMatchObject({ Scan: 2, Calibration: 0 });
    expect([scans[4].durationMsSum, scans[4].durationCount]).toEqual([150_000, 2]);
    expect([scans[3].durationMsSum, scans[3].durationCount]).toEqual([60_000, 1]);
  });

  it("counts by week, a card's make and scan type, the picked shops, and every provider", async () => {
    const byWeek = await scansByPeriod(provider1, weeks, ALL_OF_CARD);
    expect(byWeek.map((period) => period.byGroup.successful)).toEqual([2, 0, 0, 2, 0]);
    expect(byWeek.map((period) => period.byGroup.failed)).toEqual([0, 0, 0, 2, 0]);
    expect(byWeek[4].byFunction.Scan).toBe(1);

    expect((await scansByPeriod(provider1, months, { make: "BMW", providerScanType: null }))[4].byGroup.successful).toBe(1);
    expect((await scansByPeriod(provider1, months, { make: null, providerScanType: "POST_SCAN" }))[4].byGroup.successful).toBe(1);
    expect((await scansByPeriod(provider1, months, { make: "BMW", providerScanType: "PRE_SCAN" }))[4].byGroup.successful).toBe(0);
    expect((await scansByPeriod({ providers: oneProvider(1), shopIds: [11] }, months, ALL_OF_CARD))[4].byGroup).toEqual({
      successful: 1,
      failed: 1,
      cancelled: 0,
    });
    // Every provider one can choose: providers 1 and 2, not 3 (version 1.0), from the summary and from the requests alike.
    const every = await scansByPeriod(everyProvider, months, ALL_OF_CARD);
    expect(every[4].byGroup.successful).toBe(4);
    expect(every[3].byGroup.successful).toBe(1);
    expect([every[4].durationMsSum, every[4].durationCount]).toEqual([150_000, 2]);
    expect((await scansByPeriod(everyProvider, months, { make: "BMW", providerScanType: null }))[4].byGroup.successful).toBe(1);
    expect((await scansByPeriod({ providers: oneProvider(3), shopIds: null }, months, ALL_OF_CARD))[4].byGroup.successful).toBe(1);
  });

  it("counts registered, active and newly registered shops, and each registration's Shop List status", async () => {
    expect(await registeredShops(provider1, months[4])).toEqual({ now: 3, atPeriodStart: 2 });
    expect(await registeredShops(everyProvider, months[4])).toEqual({ now: 4, atPeriodStart: 3 });
    expect(await activeShopsByPeriod(everyProvider, months)).toEqual([0, 0, 0, 1, 2]);
    expect(await newRegistrationsByPeriod(everyProvider, months)).toEqual([1, 1, 1, 0, 1]);
    expect(await registrationsByShopStatus(everyProvider, NOW)).toEqual({ Transacting: 3, "Non-Transacting": 1, Deregistered: 1 });
    expect(await activeShopsByPeriod(provider1, months)).toEqual([0, 0, 0, 1, 2]);
    expect(await newRegistrationsByPeriod(provider1, months)).toEqual([1, 0, 1, 0, 1]);
    expect(await registrationsByShopStatus(provider1, NOW)).toEqual({ Transacting: 2, "Non-Transacting": 1, Deregistered: 1 });
    expect(await registrationsByShopStatus({ providers: oneProvider(1), shopIds: [14] }, NOW)).toEqual({
      Transacting: 0,
      "Non-Transacting": 1,
      Deregistered: 0,
    });
  });
});
