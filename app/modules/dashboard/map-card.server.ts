import { mapTileUrl } from "~/lib/map-tiles.server";
import { exactCount } from "~/lib/number-format";
import { featuresIn, shopIndexOf, type MapFeature, type ShopIndex } from "./coverage-map.server";
import { kpiHref, type DashboardQuery } from "./dashboard-url";
import { cardLink, type MapCardView, type MapMarker } from "./kpi-cards";
import { KPI_HELP } from "./kpi-help";
import { MAP_SIZE, MAP_ZOOM, viewBounds, zoomedView } from "./map-view";
import type { Period } from "./periods";
import { transactionsHref } from "./rows-links";
import type { DashboardScope } from "./scope";

/** A cluster of at most this many shops links to its rows by their ids; a bigger one by zooming in. */
export const CLUSTER_ROWS_MAX_SHOPS = 50;

export interface MapCardInput {
  query: DashboardQuery;
  scope: DashboardScope;
  /** The providers the scans' links name: the chosen one, or every selectable one. */
  providerIds: readonly number[];
  periods: readonly Period[];
  today: string;
  /** Whether the user may open the transactions grid the scans link to (decision 0057). */
  linksToTransactions: boolean;
}

/** The map's scans window: the five periods of its interval, as one period for the rows links. */
function scansWindow(periods: readonly Period[]): Period {
  const first = periods[0];
  const last = periods[periods.length - 1];
  return { ...first, to: last.to, end: last.end, label: `${first.label} – ${last.label}`, inProgress: last.inProgress };
}

function scansLink(input: MapCardInput, window: Period, shopIds: readonly number[] | null, scans: number) {
  const text = `${exactCount(scans)} ${scans === 1 ? "scan" : "scans"}`;
  const href =
    shopIds && input.linksToTransactions ? transactionsHref({ providers: input.providerIds, shops: shopIds, period: window, today: input.today }) : null;
  return cardLink({ text, exact: text }, href, scans);
}

function markerOf(feature: MapFeature, input: MapCardInput, window: Period): MapMarker {
  if (feature.kind === "shop") {
    return {
      kind: "shop",
      key: `shop-${feature.shopId}`,
      lat: feature.lat,
      lng: feature.lng,
      label: feature.city ? `${feature.name}, ${feature.city}` : feature.name,
      shops: 1,
      scans: scansLink(input, window, [feature.shopId], feature.scans),
      zoomHref: null,
    };
  }
  const zoom = Math.min(feature.expansionZoom, MAP_ZOOM.max);
  return {
    kind: "cluster",
    key: `cluster-${feature.clusterId}`,
    lat: feature.lat,
    lng: feature.lng,
    label: `${exactCount(feature.shops)} shops`,
    shops: feature.shops,
    scans: scansLink(input, window, feature.shopIds, feature.scans),
    zoomHref: zoom > input.query.map.zoom ? kpiHref({ ...input.query, map: zoomedView({ zoom, lat: feature.lat, lng: feature.lng }, zoom) }) : null,
  };
}

/** The markers of the query's view in an index, for a map of this size (no database: the cluster answer alone, from the map's worker). */
export async function markersOf(index: ShopIndex, input: MapCardInput, size: { width: number; height: number } = MAP_SIZE): Promise<MapMarker[]> {
  const window = scansWindow(input.periods);
  const features = await featuresIn(index, viewBounds(input.query.map, size), input.query.map.zoom, CLUSTER_ROWS_MAX_SHOPS);
  return features.map((feature) => markerOf(feature, input, window));
}

/** The markers of the query's view, for a map of this size. */
export async function mapMarkers(input: MapCardInput, size: { width: number; height: number } = MAP_SIZE): Promise<{ index: ShopIndex; markers: MapMarker[] }> {
  const index = await shopIndexOf(input.scope, scansWindow(input.periods));
  return { index, markers: await markersOf(index, input, size) };
}

/** Coverage Map View: the scope's registered shops as clustered markers of the view, each linked to its rows. */
export async function mapCard(input: MapCardInput): Promise<MapCardView> {
  const { index, markers } = await mapMarkers(input);
  return {
    kind: "map",
    id: "coverageMap",
    title: "Coverage Map View",
    help: KPI_HELP.coverageMap,
    failed: false,
    view: input.query.map,
    markers,
    shops: index.shops,
    capped: index.capped,
    readAt: index.readAt,
    tileUrl: mapTileUrl(),
    window: scansWindow(input.periods).label,
  };
}
