import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { AREA_PAGES, type AreaAccess } from "./navigation";

/** Which areas the drawer and the home page offer (each page checks again when opened). */
export async function areaAccessOf(signedIn: SignedIn): Promise<AreaAccess> {
  const allowed = await pagesAllowed(signedIn, AREA_PAGES);
  return { transactions: allowed.transactions, dashboard: allowed.dashboard, admin: allowed.admin };
}
