import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, setDatabase } from "~/db/db.server";
import { buildShopIndex, featuresIn, forgetShopIndexes, readShopPoints, shopIndexOf } from "~/modules/dashboard/coverage-map.server";
import { recentPeriods } from "~/modules/dashboard/periods";
import { oneProvider, SELECTABLE_PROVIDERS } from "~/modules/dashboard/scope";
import { insertProvider, insertRegistration, insertRequest, insertShop, NOW } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The Coverage Map's shops against a hand-made data set: which shops are on it (active
 * registrations of the provider, no test shop, a known location), each shop's scans in the map's
 * window, the clusters of 3 or more, and the index kept between views.
 */
const SPRINGFIELD = { latitude: 39.78, longitude: -89.65 };
const CHICAGO = { latitude: 41.88, longitude: -87.63 };
const DALLAS = { latitude: 32.78, longitude: -96.8 };
const WHOLE_US: [number, number, number, number] = [-130, 20, -60, 55];

describe.each(testDialects)("the Coverage Map on %s", (dialect) => {
  let t: TestDatabase;
  const periods = recentPeriods("MONTH", NOW);
  const window = { start: periods[0].start, end: periods[periods.length - 1].end };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
    await insertProvider(1);
    await insertProvider(2);
    // A provider one cannot choose (AHMC): never on the every-provider map, nor in its scans.
    await insertProvider(3, { code: "AHMC" });
    for (const shop of [10, 11, 18]) await insertShop(shop, SPRINGFIELD);
    await insertShop(12, SPRINGFIELD);
    await insertShop(13, { ...SPRINGFIELD, test: true });
    await insertShop(14);
    await getDb().updateTable("shops").set({ latitude: null, longitude: null }).where("repairFacilityId", "=", 14).execute();
    await insertShop(15, CHICAGO);
    await insertShop(20, DALLAS);
    for (const shop of [10, 11, 13, 14, 15, 18]) await insertRegistration(1, shop, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(1, 12, { created: "2026-06-01T15:00:00.000Z", active: false });
    await insertRegistration(2, 20, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(2, 10, { created: "2026-06-01T15:00:00.000Z" });
    // Shop 10: two of provider 1's scans in the window, one of provider 2's, one before the window.
    await insertRequest({ providerId: 1, shopId: 10, created: "2026-11-10T15:00:00.000Z", status: "COMPLETED" });
    await insertRequest({ providerId: 1, shopId: 10, created: "2026-08-10T15:00:00.000Z", status: "FAILED" });
    await insertRequest({ providerId: 2, shopId: 10, created: "2026-10-10T15:00:00.000Z", status: "COMPLETED" });
    await insertRequest({ providerId: 1, shopId: 10, created: "2026-05-10T15:00:00.000Z", status: "COMPLETED" });
    await insertRequest({ providerId: 1, shopId: 15, created: "2026-11-20T15:00:00.000Z", status: "CANCELLED" });
    await insertShop(21, DALLAS);
    await insertRegistration(3, 21, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(3, 10, { created: "2026-06-01T15:00:00.000Z" });
    await insertRequest({ providerId: 3, shopId: 10, created: "2026-11-11T15:00:00.000Z", status: "COMPLETED" });
    await insertRequest({ providerId: 3, shopId: 21, created: "2026-11-11T15:00:00.000Z", status: "COMPLETED" });
  });

  afterAll(async () => {
    forgetShopIndexes();
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("puts the provider's actively registered shops with a location on it, test shops left out, with their scans in the window", async () => {
    const { points, capped } = await readShopPoints({ providers: oneProvider(1), shopIds: null }, window);
    expect(capped).toBe(false);
    expect(points.map((point) => point.shopId).sort()).toEqual([10, 11, 15, 18]);
    expect(Object.fromEntries(points.map((point) => [point.shopId, point.scans]))).toEqual({ 10: 2, 11: 0, 15: 1, 18: 0 });
    // The busiest first: a map with more shops than it holds keeps those.
    expect(points[0].shopId).toBe(10);

    // Every provider one can choose: not AHMC's shop 21, nor its scan at shop 10.
    const everyone = await readShopPoints({ providers: SELECTABLE_PROVIDERS, shopIds: null }, window);
    expect(everyone.points.map((point) => point.shopId).sort()).toEqual([10, 11, 15, 18, 20]);
    expect(everyone.points.find((point) => point.shopId === 10)?.scans).toBe(3);

    const picked = await readShopPoints({ providers: oneProvider(1), shopIds: [10, 15, 20] }, window);
    expect(picked.points.map((point) => point.shopId).sort()).toEqual([10, 15]);
  });

  it("clusters 3 or more shops close together, the cluster's scans the sum of its shops'", async () => {
    const { points } = await readShopPoints({ providers: oneProvider(1), shopIds: null }, window);
    const index = await buildShopIndex(points, NOW.toISOString(), false);
    const features = await featuresIn(index, WHOLE_US, 4);
    // Springfield's three shops are one cluster; Chicago's one shop is 2 degrees away (over 30 px at zoom 4).
    const cluster = features.find((feature) => feature.kind === "cluster");
    expect(cluster).toMatchObject({ kind: "cluster", shops: 3, scans: 2 });
    expect(features.filter((feature) => feature.kind === "shop")).toEqual([
      expect.objectContaining({ shopId: 15, scans: 1, name: "Shop 15", city: "Springfield" }),
    ]);
    // Three shops at one spot stay a cluster at every zoom: it cannot split, so it zooms no deeper than the map.
    if (cluster?.kind !== "cluster") throw new Error("no cluster");
    expect(cluster.expansionZoom).toBeGreaterThan(12);
    expect((await featuresIn(index, WHOLE_US, 12)).filter((feature) => feature.kind === "cluster")).toHaveLength(1);

    // Two shops are no cluster: each is its own marker.
    const two = await buildShopIndex(
      points.filter((point) => point.shopId !== 18),
      NOW.toISOString(),
      false,
    );
    expect((await featuresIn(two, WHOLE_US, 4)).map((feature) => feature.kind)).toEqual(["shop", "shop", "shop"]);
  });

  it("keeps a scope's index between views, and reads the shops again once forgotten", async () => {
    forgetShopIndexes();
    const scope = { providers: oneProvider(1), shopIds: null };
    const first = await shopIndexOf(scope, window, NOW.getTime());
    expect(await shopIndexOf(scope, window, NOW.getTime() + 60_000)).toBe(first);
    await insertShop(16, CHICAGO);
    await insertRegistration(1, 16, { created: "2026-11-01T15:00:00.000Z" });
    expect((await shopIndexOf(scope, window, NOW.getTime() + 60_000)).shops).toBe(4);
    // After its lifetime the index is built anew, with the new shop and the time it was read.
    const later = await shopIndexOf(scope, window, NOW.getTime() + 6 * 60_000);
    expect(later.shops).toBe(5);
    expect(later.readAt).toBe(new Date(NOW.getTime() + 6 * 60_000).toISOString());
  });
});
