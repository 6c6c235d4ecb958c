import { SHOP_LIST_PATH } from "~/modules/shop-list/grid";
import type { DashboardQuery } from "./dashboard-url";
import type { ShopStatus } from "./shop-statuses";

/** The Shop List of the dashboard's provider, with the given statuses. */
export function shopListHref(query: DashboardQuery, statuses: readonly ShopStatus[]): string {
  const params = new URLSearchParams();
  if (query.provider !== null) params.set("provider", String(query.provider));
  for (const status of statuses) params.append("status", status);
  return `${SHOP_LIST_PATH}?${params.toString()}`;
}
