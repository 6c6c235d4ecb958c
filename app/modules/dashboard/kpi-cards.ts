import type { FilterOption } from "~/grid/definition";
import { cardCount, exactCount } from "~/lib/number-format";
import type { MapView } from "./map-view";

/**
 * What the KPI page sends its cards (client-safe): figures already formatted, each with the grid
 * address of its rows, or `failed` when its query failed ('NO DATA AVAILABLE', the error logged).
 */
export interface CardLink {
  /** What the card shows: a count exact with separators below a million, or in the spec's short form (decision 0070). */
  text: string;
  /** The figure exactly ('2,466', '20.45 minutes'): the same as text when that is exact, else its title and accessible name. */
  exact: string;
  href: string | null;
  /** How many rows the link's grid lists (its total): the number shown, or the rows behind an average. */
  rows: number | null;
}

/** A figure's text and the address of its rows; without an address (not linked) it counts no rows either. */
export function cardLink(figure: { text: string; exact: string }, href: string | null, rows: number): CardLink {
  return { text: figure.text, exact: figure.exact, href, rows: href === null ? null : rows };
}

/** A count's figure: as a card shows it, and exactly. */
export function countFigure(value: number): { text: string; exact: string } {
  return { text: cardCount(value), exact: exactCount(value) };
}

/** The words a figure is read by: its text, and its exact value when the text is short for it. */
export function figureName(figure: Pick<CardLink, "text" | "exact">): string {
  return figure.exact === figure.text ? figure.text : `${figure.text} (${figure.exact})`;
}

export interface CountCardView {
  /** null for a card without its own interval, or before the page adds it. */
  toggle?: IntervalLink[] | null;
  /** null for a card without make and provider-scan-type selectors, or before the page adds them. */
  selectors?: CardSelectors | null;
  kind: "count";
  id: string;
  title: string;
  help: string;
  failed: boolean;
  /**
   * Nothing to show, which is no failure: an average of no scans (decision 0064). The card says
   * 'NO DATA AVAILABLE' as an empty chart does; a count of zero is a number and is shown.
   */
  empty: boolean;
  value: CardLink;
  /** '+12.50%' or '-3.00%'; null when there is nothing to compare with. */
  change: string | null;
  since: string;
}

export interface TrendSeries {
  name: string;
  color: string;
}

export interface TrendPeriod {
  label: string;
  inProgress: boolean;
  /** One per series: the number (raw, for the chart) and its link. */
  values: Array<{ value: number } & CardLink>;
}

export interface TrendCardView {
  /** null for a card without its own interval, or before the page adds it. */
  toggle?: IntervalLink[] | null;
  /** null for a card without make and provider-scan-type selectors, or before the page adds them. */
  selectors?: CardSelectors | null;
  kind: "trend";
  id: string;
  title: string;
  help: string;
  failed: boolean;
  series: TrendSeries[];
  periods: TrendPeriod[];
  /** The figures as CSV (null for a card whose query failed). */
  csvHref: string | null;
}

/** A card of a few labelled numbers (the Shop List's statuses) and a link to the whole list. */
export interface BreakdownCardView {
  /** null for a card without its own interval, or before the page adds it. */
  toggle?: IntervalLink[] | null;
  /** null for a card without make and provider-scan-type selectors, or before the page adds them. */
  selectors?: CardSelectors | null;
  kind: "breakdown";
  id: string;
  title: string;
  help: string;
  failed: boolean;
  items: Array<{ label: string } & CardLink>;
  whole: CardLink;
}

/** A marker of the Coverage Map: a shop, or a cluster of shops close together at this zoom. */
export interface MapMarker {
  kind: "shop" | "cluster";
  key: string;
  lat: number;
  lng: number;
  /** 'Shop name, City' or '14 shops'. */
  label: string;
  shops: number;
  /** The scan requests behind the marker, linked to their rows (a cluster of many shops links by zooming in instead). */
  scans: CardLink;
  /** A cluster's view zoomed in until it splits; null at the deepest zoom. */
  zoomHref: string | null;
}

export interface MapCardView {
  toggle?: IntervalLink[] | null;
  /** Always null: the map counts every make and scan type. */
  selectors?: CardSelectors | null;
  kind: "map";
  id: string;
  title: string;
  help: string;
  failed: boolean;
  view: MapView;
  markers: MapMarker[];
  /** The scope's shops on the map (all of them, not only those in view). */
  shops: number;
  /** More shops than the map holds: the busiest are shown. */
  capped: boolean;
  /** When the shops and scans were read (the page formats it in the user's zone). */
  readAt: string;
  tileUrl: string;
  /** The window of the scan counts, e.g. 'Jul 2026 – Nov 2026'. */
  window: string;
}

export type CardView = CountCardView | TrendCardView | BreakdownCardView | MapCardView;

export const NO_DATA = "NO DATA AVAILABLE";

/** The cards with their own Week/Month toggle (the Shop List card counts shops as they are now). */
export const CARDS_WITH_INTERVAL = [
  "registeredShops",
  "successfulScans",
  "failedScans",
  "averageScanTime",
  "shopActivity",
  "scanTrend",
  "functionTrend",
  "shopAdoption",
  "coverageMap",
] as const;

/** The card's map markers as JSON for another view (the hydrated map's panning and zooming). */
export interface MapMarkersAnswer {
  view: MapView;
  markers: MapMarker[];
  /** The shops could not be read (logged): the map says 'NO DATA AVAILABLE'. */
  failed: boolean;
}

/** The cards whose figures come from scan requests: each has its own make and provider-scan-type selectors. */
export const CARDS_WITH_NARROWING = ["successfulScans", "failedScans", "averageScanTime", "scanTrend", "functionTrend"] as const;

/** The makes and provider scan types offered (each list starts with All, of empty code), sent once for every card. */
export interface NarrowingLists {
  makes: FilterOption[];
  providerScanTypes: FilterOption[];
}

/** A card's selectors: a GET form of its two choices, carrying the rest of the dashboard's state. */
export interface CardSelectors {
  makeParam: string;
  make: string;
  providerScanTypeParam: string;
  providerScanType: string;
  /** Every other dashboard parameter, as hidden inputs' names and values (the provider first). */
  carried: Array<[string, string]>;
}

/** A card's Week/Month toggle: a link per interval, the shown one current. */
export interface IntervalLink {
  interval: "WEEK" | "MONTH";
  href: string;
  current: boolean;
}

/** A trend with nothing in any period has no data to show. */
export function isEmptyTrend(card: TrendCardView): boolean {
  return card.periods.every((period) => period.values.every((entry) => entry.value === 0));
}
