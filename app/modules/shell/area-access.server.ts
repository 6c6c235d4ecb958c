import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { adminTabsOf } from "~/modules/admin/admin-access.server";
import { DASHBOARD_TAB_PAGES } from "~/modules/dashboard/dashboard-tabs";
import { AREA_PAGES, AREAS_WITH_SCREENS, type AreaAccess, type AreaPage } from "./navigation";

/**
 * Which areas the drawer and the home page offer: those whose screens exist and that the user may
 * open (each page checks again when opened), so no entry leads to the 404 page. Admin needs the
 * page `admin` and at least one admin screen the user may open; Dashboard either of its tabs'
 * pages, `dashboard` or `reports` (/dashboard then opens the tab the user may open, decision 0057).
 */
export async function areaAccessOf(signedIn: SignedIn): Promise<AreaAccess> {
  const [allowed, adminTabs] = await Promise.all([pagesAllowed(signedIn, [...AREA_PAGES, ...DASHBOARD_TAB_PAGES]), adminTabsOf(signedIn)]);
  const built = (area: AreaPage) => AREAS_WITH_SCREENS.includes(area);
  return {
    transactions: built("transactions") && allowed.transactions,
    dashboard: built("dashboard") && DASHBOARD_TAB_PAGES.some((page) => allowed[page]),
    admin: built("admin") && allowed.admin && adminTabs.length > 0,
  };
}
