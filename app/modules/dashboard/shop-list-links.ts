import { TIME_ZONE_PARAM } from "~/grid/grid-zone";
import { SHOP_LIST_PATH } from "~/modules/shop-list/grid";
import type { DashboardQuery } from "./dashboard-url";
import { SCANNED_FILTER, scannedValue } from "~/modules/shop-list/scanned-periods";
import { DASHBOARD_TIME_ZONE, type Period } from "./periods";
import type { ShopStatus } from "./shop-statuses";

/**
 * The Shop List of the dashboard's provider, with the given statuses; when given, only the
 * registrations created in some days, or those whose shop had a successful scan in a period (days
 * of America/Chicago, as the dashboard's periods).
 */
export function shopListHref(query: DashboardQuery, statuses: readonly ShopStatus[], only: { created?: { from: string; to: string }; scannedIn?: Period } = {}): string {
  const { created, scannedIn } = only;
  const params = new URLSearchParams();
  if (query.provider !== null) params.set("provider", String(query.provider));
  for (const status of statuses) params.append("status", status);
  if (scannedIn) params.set(SCANNED_FILTER, scannedValue(scannedIn));
  if (created) {
    params.set("from", created.from);
    params.set("to", created.to);
    params.set(TIME_ZONE_PARAM, DASHBOARD_TIME_ZONE);
  }
  return `${SHOP_LIST_PATH}?${params.toString()}`;
}
