import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { MAP_ZOOM, type MapBounds } from "./map-view";
import type { Period } from "./periods";
import { inProviderScope } from "./provider-scope-sql.server";
import type { DashboardScope } from "./scope";
import { buildInWorker, dropWhenCollected, onShopIndexWorkerLost, viewInWorker, type IndexHandle } from "./shop-index-pool.server";
import { notTestShop } from "./test-shops.server";

/** Spec §9: a cluster grid of 30 px, clusters of 3 or more, up to 65,000 shops. */
export const CLUSTER_RADIUS_PX = 30;
export const MIN_CLUSTER_SIZE = 3;
export const MAX_MAP_SHOPS = 65_000;
/** How long one index of the scope's shops serves (the card says when it was read). */
export const MAP_INDEX_LIFETIME_MS = 5 * 60_000;
const MAX_CACHED_INDEXES = 32;

export interface ShopPoint {
  shopId: number;
  name: string;
  city: string;
  lat: number;
  lng: number;
  /** The shop's scan requests in the map's window (every status). */
  scans: number;
}

export interface ShopIndex {
  /** The index's shops, in the order the worker knows them by. */
  points: readonly ShopPoint[];
  /** The supercluster index in the map's worker thread (decision 0056). */
  handle: IndexHandle;
  /** When the shops and their scans were read (ISO). */
  readAt: string;
  shops: number;
  /** More shops than MAX_MAP_SHOPS were registered: the busiest were kept. */
  capped: boolean;
}

/**
 * The scope's registered shops with a location (active registrations, test shops left out; a shop
 * registered with several providers once), each with its scan requests in the window, the busiest
 * first, at most MAX_MAP_SHOPS.
 */
export async function readShopPoints(scope: DashboardScope, window: Pick<Period, "start" | "end">): Promise<{ points: ShopPoint[]; capped: boolean }> {
  const db = getDb();
  let registered = db
    .selectFrom("shopRegistrations as g")
    .select("g.shopId")
    .where("g.isActive", "=", 1)
    .where("g.shopId", "is not", null)
    .where(inProviderScope("g.providerId", scope.providers));
  if (scope.shopIds) registered = registered.where("g.shopId", "in", [...scope.shopIds]);

  const scans = db
    .selectFrom("scanRequests as r")
    .select(["r.shopId", sql<number>`count(*)`.as("scans")])
    .where("r.createdDateTime", ">=", window.start)
    .where("r.createdDateTime", "<", window.end)
    .where(inProviderScope("r.providerId", scope.providers))
    .groupBy("r.shopId");

  const rows = await db
    .selectFrom("shops as s")
    .leftJoin(scans.as("c"), "c.shopId", "s.repairFacilityId")
    .select(["s.repairFacilityId as shopId", "s.custName as name", "s.city", "s.latitude", "s.longitude", sql<number | null>`c.scans`.as("scans")])
    .where("s.repairFacilityId", "in", registered)
    .where(notTestShop("s.repairFacilityId"))
    .where("s.latitude", "is not", null)
    .where("s.longitude", "is not", null)
    .orderBy(sql`coalesce(c.scans, 0)`, "desc")
    .orderBy("s.repairFacilityId")
    .limit(MAX_MAP_SHOPS + 1)
    .execute();
  const points = rows.slice(0, MAX_MAP_SHOPS).map((row) => ({
    shopId: row.shopId,
    name: row.name,
    city: row.city ?? "",
    lat: Number(row.latitude),
    lng: Number(row.longitude),
    scans: Number(row.scans ?? 0),
  }));
  return { points, capped: rows.length > MAX_MAP_SHOPS };
}

/**
 * The clustering index of these shops (zoom 4 to 12, 30 px, clusters of 3 or more), with scans
 * summed per cluster, built in the map's worker thread: the event loop only packs the coordinates.
 */
export async function buildShopIndex(points: readonly ShopPoint[], readAt: string, capped: boolean): Promise<ShopIndex> {
  const lng = new Float64Array(points.length);
  const lat = new Float64Array(points.length);
  const scans = new Float64Array(points.length);
  points.forEach((point, i) => {
    lng[i] = point.lng;
    lat[i] = point.lat;
    scans[i] = point.scans;
  });
  const handle = await buildInWorker(
    { lng, lat, scans },
    // Tiles of 256 px: the radius is in screen pixels.
    { minZoom: MAP_ZOOM.min, maxZoom: MAP_ZOOM.max, radius: CLUSTER_RADIUS_PX, extent: 256, minPoints: MIN_CLUSTER_SIZE },
  );
  const shopIndex: ShopIndex = { points, handle, readAt, shops: points.length, capped };
  dropWhenCollected(shopIndex, handle);
  return shopIndex;
}

const cache = new Map<string, { built: number; index: Promise<ShopIndex> }>();

/**
 * The scope's index, read and built once per MAP_INDEX_LIFETIME_MS and reused by every view of it
 * (one provider's 65,000 shops are read once, not per pan). Derived data: each instance keeps its own.
 */
export function shopIndexOf(scope: DashboardScope, window: Pick<Period, "start" | "end">, now = Date.now()): Promise<ShopIndex> {
  const key = JSON.stringify([scope.providers, scope.shopIds, window.start, window.end]);
  const cached = cache.get(key);
  if (cached && now - cached.built < MAP_INDEX_LIFETIME_MS) return cached.index;
  const index = readShopPoints(scope, window).then(({ points, capped }) => buildShopIndex(points, new Date(now).toISOString(), capped));
  cache.delete(key);
  cache.set(key, { built: now, index });
  // A failed read is not kept: the next view tries again.
  index.catch(() => cache.get(key)?.index === index && cache.delete(key));
  while (cache.size > MAX_CACHED_INDEXES) cache.delete(cache.keys().next().value as string);
  return index;
}

/** Drops every kept index (a test that changes the shops). */
export function forgetShopIndexes(): void {
  cache.clear();
}

// A worker that stopped took its indexes along: the next view builds its scope's again.
onShopIndexWorkerLost(forgetShopIndexes);

export type MapFeature =
  | { kind: "shop"; shopId: number; name: string; city: string; lat: number; lng: number; scans: number }
  | {
      kind: "cluster";
      clusterId: number;
      lat: number;
      lng: number;
      shops: number;
      scans: number;
      expansionZoom: number;
      /** Its shops' ids when it has at most the `leavesUpTo` asked for, else null. */
      shopIds: number[] | null;
    };

/** The clusters and single shops of an area at a zoom; a cluster of at most `leavesUpTo` shops lists their ids. */
export async function featuresIn(shopIndex: ShopIndex, bounds: MapBounds, zoom: number, leavesUpTo = 0): Promise<MapFeature[]> {
  const features = await viewInWorker(shopIndex.handle, bounds, zoom, leavesUpTo);
  return features.map((feature): MapFeature => {
    if ("cluster" in feature) {
      return {
        kind: "cluster",
        clusterId: feature.cluster,
        lat: feature.lat,
        lng: feature.lng,
        shops: feature.shops,
        scans: feature.scans,
        expansionZoom: feature.expansionZoom,
        shopIds: feature.leaves?.map((leaf) => shopIndex.points[leaf].shopId) ?? null,
      };
    }
    const shop = shopIndex.points[feature.point];
    return { kind: "shop", shopId: shop.shopId, name: shop.name, city: shop.city, lat: shop.lat, lng: shop.lng, scans: shop.scans };
  });
}
