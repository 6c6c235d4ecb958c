import { sql } from "kysely";
import Supercluster from "supercluster";
import { getDb } from "~/db/db.server";
import { MAP_ZOOM, type MapBounds } from "./map-view";
import type { Period } from "./periods";
import type { DashboardScope } from "./scope";
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

interface ShopProperties {
  shopId: number;
  name: string;
  city: string;
  scans: number;
}

interface ClusterProperties {
  scans: number;
}

export interface ShopIndex {
  index: Supercluster<ShopProperties, ClusterProperties>;
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
  let registered = db.selectFrom("shopRegistrations as g").select("g.shopId").where("g.isActive", "=", 1).where("g.shopId", "is not", null);
  if (scope.providerIds) registered = registered.where("g.providerId", "in", [...scope.providerIds]);
  if (scope.shopIds) registered = registered.where("g.shopId", "in", [...scope.shopIds]);

  let scans = db
    .selectFrom("scanRequests as r")
    .select(["r.shopId", sql<number>`count(*)`.as("scans")])
    .where("r.createdDateTime", ">=", window.start)
    .where("r.createdDateTime", "<", window.end)
    .groupBy("r.shopId");
  if (scope.providerIds) scans = scans.where("r.providerId", "in", [...scope.providerIds]);

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

/** The clustering index of these shops (zoom 4 to 12, 30 px, clusters of 3 or more), with scans summed per cluster. */
export function buildShopIndex(points: readonly ShopPoint[], readAt: string, capped: boolean): ShopIndex {
  const index = new Supercluster<ShopProperties, ClusterProperties>({
    minZoom: MAP_ZOOM.min,
    maxZoom: MAP_ZOOM.max,
    radius: CLUSTER_RADIUS_PX,
    // Tiles of 256 px: the radius is in screen pixels.
    extent: 256,
    minPoints: MIN_CLUSTER_SIZE,
    map: (properties) => ({ scans: properties.scans }),
    reduce: (accumulated, properties) => {
      accumulated.scans += properties.scans;
    },
  });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      geometry: { type: "Point" as const, coordinates: [point.lng, point.lat] },
      properties: { shopId: point.shopId, name: point.name, city: point.city, scans: point.scans },
    })),
  );
  return { index, readAt, shops: points.length, capped };
}

const cache = new Map<string, { built: number; index: Promise<ShopIndex> }>();

/**
 * The scope's index, read and built once per MAP_INDEX_LIFETIME_MS and reused by every view of it
 * (one provider's 65,000 shops are read once, not per pan). Derived data: each instance keeps its own.
 */
export function shopIndexOf(scope: DashboardScope, window: Pick<Period, "start" | "end">, now = Date.now()): Promise<ShopIndex> {
  const key = JSON.stringify([scope.providerIds, scope.shopIds, window.start, window.end]);
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

export type MapFeature =
  | { kind: "shop"; shopId: number; name: string; city: string; lat: number; lng: number; scans: number }
  | { kind: "cluster"; clusterId: number; lat: number; lng: number; shops: number; scans: number; expansionZoom: number };

/** The clusters and single shops of an area at a zoom. */
export function featuresIn(shopIndex: ShopIndex, bounds: MapBounds, zoom: number): MapFeature[] {
  return shopIndex.index.getClusters(bounds, zoom).map((feature): MapFeature => {
    const [lng, lat] = feature.geometry.coordinates;
    const properties = feature.properties;
    if ("cluster" in properties && properties.cluster) {
      return {
        kind: "cluster",
        clusterId: properties.cluster_id,
        lat,
        lng,
        shops: properties.point_count,
        scans: properties.scans,
        expansionZoom: shopIndex.index.getClusterExpansionZoom(properties.cluster_id),
      };
    }
    const shop = properties as ShopProperties;
    return { kind: "shop", shopId: shop.shopId, name: shop.name, city: shop.city, lat, lng, scans: shop.scans };
  });
}

/** A cluster's shops' ids (up to `limit`): its rows link lists them. */
export function clusterShopIds(shopIndex: ShopIndex, clusterId: number, limit: number): number[] {
  return shopIndex.index.getLeaves(clusterId, limit).map((leaf) => (leaf.properties as ShopProperties).shopId);
}
