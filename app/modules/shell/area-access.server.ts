import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { adminTabsOf } from "~/modules/admin/admin-access.server";
import { AREA_PAGES, AREAS_WITH_SCREENS, type AreaAccess, type AreaPage } from "./navigation";

/**
 * Which areas the drawer and the home page offer: those whose screens exist and that the user may
 * open (each page checks again when opened), so no entry leads to the 404 page. Admin needs the
 * page `admin` and at least one admin screen the user may open.
 */
export async function areaAccessOf(signedIn: SignedIn): Promise<AreaAccess> {
  const [allowed, adminTabs] = await Promise.all([pagesAllowed(signedIn, AREA_PAGES), adminTabsOf(signedIn)]);
  const offered = (area: AreaPage) => AREAS_WITH_SCREENS.includes(area) && allowed[area];
  return { transactions: offered("transactions"), dashboard: offered("dashboard"), admin: offered("admin") && adminTabs.length > 0 };
}
