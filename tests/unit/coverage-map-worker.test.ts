import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildShopIndex, featuresIn, MAX_MAP_SHOPS, type ShopPoint } from "~/modules/dashboard/coverage-map.server";
import { stopShopIndexWorker } from "~/modules/dashboard/shop-index-pool.server";

/**
 * The Coverage Map's index of the most shops it holds is built in a worker thread (decision 0056):
 * while it builds, the event loop keeps turning and other requests are answered. No timing
 * thresholds: the test looks at the order of events.
 */
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** Shops spread over the contiguous United States, the same ones every run. */
function shops(count: number): ShopPoint[] {
  let state = 20_261_125;
  const random = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 0x1_0000_0000;
  };
  return Array.from({ length: count }, (_, i) => ({
    shopId: i + 1,
    name: `Shop ${i + 1}`,
    city: "Springfield",
    lat: 25 + random() * 24,
    lng: -124 + random() * 57,
    scans: i % 7,
  }));
}

afterAll(async () => {
  await stopShopIndexWorker();
});

describe("the Coverage Map's worker", () => {
  it("keeps the event loop turning and answers another request while 65,000 shops' index builds", async () => {
    const server = http.createServer((_request, response) => response.end("answered"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The worker is started (and warm) before the big build, as it is after a server's first view.
      await buildShopIndex(shops(10), new Date().toISOString(), false);

      const points = shops(MAX_MAP_SHOPS);
      const events: string[] = [];
      let ticks = 0;
      let building = true;
      const ticking = (async () => {
        while (building) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          if (building) ticks++;
        }
      })();
      const build = buildShopIndex(points, new Date().toISOString(), false).then((index) => {
        building = false;
        events.push("index built");
        return index;
      });
      const other = fetch(`http://127.0.0.1:${port}/`)
        .then((response) => response.text())
        .then((text) => events.push(`other request ${text}`));
      const index = await build;
      await Promise.all([ticking, other]);

      // Built on the event loop, the index would be done before any timer or request could run.
      expect(events).toEqual(["other request answered", "index built"]);
      expect(ticks).toBeGreaterThanOrEqual(3);

      // And the index answers: at zoom 4 its clusters and single shops hold every shop and every scan.
      const features = await featuresIn(index, WORLD, 4);
      const held = features.reduce((sum, feature) => sum + (feature.kind === "cluster" ? feature.shops : 1), 0);
      const scans = features.reduce((sum, feature) => sum + feature.scans, 0);
      expect(held).toBe(MAX_MAP_SHOPS);
      expect(scans).toBe(points.reduce((sum, point) => sum + point.scans, 0));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("lists a small cluster's shops, and a stopped worker's index answers with an error, not a hang", async () => {
    const spot = { name: "Shop", city: "Springfield", lat: 39.78, lng: -89.65, scans: 1 };
    const index = await buildShopIndex(
      [1, 2, 3].map((shopId) => ({ ...spot, shopId })),
      new Date().toISOString(),
      false,
    );
    const [cluster] = await featuresIn(index, WORLD, 4, 50);
    expect(cluster).toMatchObject({ kind: "cluster", shops: 3, scans: 3 });
    expect(cluster.kind === "cluster" && [...(cluster.shopIds ?? [])].sort()).toEqual([1, 2, 3]);
    const [unlisted] = await featuresIn(index, WORLD, 4, 2);
    expect(unlisted).toMatchObject({ kind: "cluster", shopIds: null });

    await stopShopIndexWorker();
    await expect(featuresIn(index, WORLD, 4)).rejects.toThrow(/stopped/);
    // The next build starts a new worker.
    const again = await buildShopIndex([{ ...spot, shopId: 4 }], new Date().toISOString(), false);
    expect(await featuresIn(again, WORLD, 4)).toEqual([expect.objectContaining({ kind: "shop", shopId: 4 })]);
  });
});
