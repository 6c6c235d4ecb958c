import { linkIntoGrid } from "~/grid/link-into-grid";
import { shopListGrid } from "~/modules/shop-list/grid";
import { SCANNED_FILTER, scannedValue } from "~/modules/shop-list/scanned-periods";
import type { DashboardQuery } from "./dashboard-url";
import { DASHBOARD_TIME_ZONE, type Period } from "./periods";
import type { ShopStatus } from "./shop-statuses";

/**
 * The Shop List of the dashboard's provider, with the given statuses; when given, only the
 * registrations created in some days, or those whose shop had a successful scan in a period (days
 * of America/Chicago, as the dashboard's periods). Written by the grid's own URL builder.
 */
export function shopListHref(
  query: DashboardQuery,
  today: string,
  statuses: readonly ShopStatus[],
  only: { created?: { from: string; to: string }; scannedIn?: Period } = {},
): string {
  const { created, scannedIn } = only;
  return linkIntoGrid(
    shopListGrid,
    {
      filters: { provider: query.provider, status: statuses, [SCANNED_FILTER]: scannedIn ? scannedValue(scannedIn) : null },
      days: created ? { ...created, zone: DASHBOARD_TIME_ZONE } : undefined,
    },
    today,
  );
}
