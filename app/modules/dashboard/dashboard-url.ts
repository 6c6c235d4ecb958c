import { mapViewParams, type MapView } from "./map-view";
import { DEFAULT_INTERVAL, type Interval } from "./periods";
import { ALL_OF_CARD, type CardNarrowing } from "./scope";

/**
 * The KPI dashboard's state is its URL (DESIGN.md §4b): the provider (`all` for every provider),
 * the picked shops, the interval and each card's own interval, make and provider scan type. One canonical order, so a corrected URL is recognisable.
 */
export const DASHBOARD_PATH = "/dashboard";
export const KPI_PATH = "/dashboard/kpi";
export const ALL_PROVIDERS = "all";
export const SHOP_PARAM = "shop";
/**
 * The shop picker shown open: as applied (its opening link without JavaScript), or with every box
 * unticked, before Apply (Unselect all without JavaScript).
 */
export const PICKER_PARAM = "picker";
export const PICKER_OPEN = "open";
export const PICKING_FROM_NONE = "none";

export interface DashboardQuery {
  /** null: every provider. */
  provider: number | null;
  shops: readonly number[];
  interval: Interval;
  /** A card's own Week/Month where it differs from the dashboard's (`<card>.interval`). */
  cardIntervals: Readonly<Record<string, Interval>>;
  /** A card's own make and provider scan type where one is chosen (`<card>.make`, `<card>.providerScanType`). */
  cardNarrowings: Readonly<Record<string, CardNarrowing>>;
  /** The Coverage Map's zoom and centre. */
  map: MapView;
}

/** The URL parameter of a card's own interval. */
export function cardIntervalParam(cardId: string): string {
  return `${cardId}.interval`;
}

/** The interval a card shows: its own, else the dashboard's. */
export function cardInterval(query: DashboardQuery, cardId: string): Interval {
  return query.cardIntervals[cardId] ?? query.interval;
}

/** The query with one card switched to an interval (the dashboard's own drops the card's choice). */
export function withCardInterval(query: DashboardQuery, cardId: string, interval: Interval): DashboardQuery {
  const cardIntervals = { ...query.cardIntervals };
  if (interval === query.interval) delete cardIntervals[cardId];
  else cardIntervals[cardId] = interval;
  return { ...query, cardIntervals };
}

/** The dashboard switched to an interval: a card's own choice that is now the dashboard's is no longer its own. */
export function withInterval(query: DashboardQuery, interval: Interval): DashboardQuery {
  const cardIntervals = Object.fromEntries(Object.entries(query.cardIntervals).filter(([, own]) => own !== interval));
  return { ...query, interval, cardIntervals };
}

/** The URL parameters of a card's own make and provider scan type. */
export function cardMakeParam(cardId: string): string {
  return `${cardId}.make`;
}

export function cardProviderScanTypeParam(cardId: string): string {
  return `${cardId}.providerScanType`;
}

/** The make and provider scan type a card is narrowed to (All when it has no choice of its own). */
export function cardNarrowing(query: DashboardQuery, cardId: string): CardNarrowing {
  return query.cardNarrowings[cardId] ?? ALL_OF_CARD;
}

/** What a form carries besides the provider and its own fields. */
export interface CarriedState {
  shops: boolean;
  /** The cards' make and provider-scan-type choices (a new provider starts with All). */
  narrowings: boolean;
  /** A card whose own choices the form itself sends. */
  exceptNarrowingOf?: string;
}

/** The state a dashboard form carries besides its own fields, as hidden inputs' names and values. */
export function carriedParams(query: DashboardQuery, options: CarriedState): Array<[string, string]> {
  const carried: Array<[string, string]> = [];
  if (options.shops) for (const shop of query.shops) carried.push([SHOP_PARAM, String(shop)]);
  if (query.interval !== DEFAULT_INTERVAL) carried.push(["interval", query.interval]);
  for (const cardId of Object.keys(query.cardIntervals).sort()) carried.push([cardIntervalParam(cardId), query.cardIntervals[cardId]]);
  if (options.narrowings) {
    for (const cardId of Object.keys(query.cardNarrowings).sort()) {
      if (cardId === options.exceptNarrowingOf) continue;
      const { make, providerScanType } = query.cardNarrowings[cardId];
      if (make) carried.push([cardMakeParam(cardId), make]);
      if (providerScanType) carried.push([cardProviderScanTypeParam(cardId), providerScanType]);
    }
  }
  // The map's view last: a new provider keeps it (the map shows the same place).
  carried.push(...mapViewParams(query.map));
  return carried;
}

export function dashboardSearch(query: DashboardQuery): string {
  const params = new URLSearchParams();
  params.set("provider", query.provider === null ? ALL_PROVIDERS : String(query.provider));
  for (const [name, value] of carriedParams(query, { shops: true, narrowings: true })) params.append(name, value);
  return params.toString();
}

export function kpiHref(query: DashboardQuery): string {
  return `${KPI_PATH}?${dashboardSearch(query)}`;
}

/** The dashboard with its shop picker open, showing the applied shops (the picker's link without JavaScript). */
export function pickerOpenHref(query: DashboardQuery): string {
  return `${kpiHref(query)}&${PICKER_PARAM}=${PICKER_OPEN}`;
}

/** A chart card's figures as CSV, for the same dashboard query. */
export const FIGURES_CSV_PATH = "/dashboard/kpi/figures.csv";

export function figuresCsvHref(query: DashboardQuery, cardId: string): string {
  return `${FIGURES_CSV_PATH}?${dashboardSearch(query)}&card=${encodeURIComponent(cardId)}`;
}

/** The Coverage Map's markers as JSON, for the dashboard's query and a map of this size. */
export const MAP_MARKERS_PATH = "/dashboard/kpi/map.json";

export function mapMarkersHref(query: DashboardQuery, size: { width: number; height: number }): string {
  return `${MAP_MARKERS_PATH}?${dashboardSearch(query)}&width=${Math.round(size.width)}&height=${Math.round(size.height)}`;
}

/** Two dashboard addresses that differ in the map's view alone (the page's other cards stay as they are). */
export function differInMapViewOnly(current: URLSearchParams, next: URLSearchParams): boolean {
  const withoutMap = (params: URLSearchParams) =>
    [...params.entries()]
      .filter(([name]) => !name.startsWith("map."))
      .map(([name, value]) => `${name}=${value}`)
      .join("&");
  return current.toString() !== next.toString() && withoutMap(current) === withoutMap(next);
}
