import { DEFAULT_INTERVAL, type Interval } from "./periods";

/**
 * The KPI dashboard's state is its URL (DESIGN.md §4b): the provider (`all` for every provider),
 * the picked shops and the interval. One canonical order, so a corrected URL is recognisable.
 */
export const DASHBOARD_PATH = "/dashboard";
export const KPI_PATH = "/dashboard/kpi";
export const ALL_PROVIDERS = "all";
export const SHOP_PARAM = "shop";
/** The shop picker shown open with every box unticked, before Apply (Unselect all without JavaScript). */
export const PICKER_PARAM = "picker";
export const PICKING_FROM_NONE = "none";

export interface DashboardQuery {
  /** null: every provider. */
  provider: number | null;
  shops: readonly number[];
  interval: Interval;
}

export function dashboardSearch(query: DashboardQuery): string {
  const params = new URLSearchParams();
  params.set("provider", query.provider === null ? ALL_PROVIDERS : String(query.provider));
  for (const shop of query.shops) params.append(SHOP_PARAM, String(shop));
  if (query.interval !== DEFAULT_INTERVAL) params.set("interval", query.interval);
  return params.toString();
}

export function kpiHref(query: DashboardQuery): string {
  return `${KPI_PATH}?${dashboardSearch(query)}`;
}

/** A chart card's figures as CSV, for the same dashboard query. */
export const FIGURES_CSV_PATH = "/dashboard/kpi/figures.csv";

export function figuresCsvHref(query: DashboardQuery, cardId: string): string {
  return `${FIGURES_CSV_PATH}?${dashboardSearch(query)}&card=${encodeURIComponent(cardId)}`;
}
