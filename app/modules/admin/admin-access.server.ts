import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { ADMIN_TABS, adminTabsFor, type AdminTab } from "./admin-tabs";

/**
 * The admin tabs a user may open, and whether the admin area is theirs at all: the page `admin`
 * and at least one screen. (canAccessPage bars DIP_PROVIDER from every admin page.)
 */
export async function adminTabsOf(signedIn: SignedIn): Promise<AdminTab[]> {
  const allowed = await pagesAllowed(signedIn, ["admin", ...ADMIN_TABS.map((tab) => tab.page)]);
  return allowed.admin ? adminTabsFor(allowed) : [];
}
