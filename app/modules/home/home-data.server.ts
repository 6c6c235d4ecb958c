import { displayUserOf } from "~/auth/user-display";
import type { SignedIn } from "~/auth/user-session.server";
import { adminTabsOf } from "~/modules/admin/admin-access.server";
import { areaAccessOf } from "~/modules/shell/area-access.server";
import type { AreaAccess } from "~/modules/shell/navigation";
import { readConfigurationValue } from "~/platform/configuration/configuration-values.server";

export const SUPPORT_CONTACT_KEY = "CCC_SUPPORT_CONTACT_INFO";
export const NOT_AVAILABLE = "Not Available";

export interface HomeData {
  greetingName: string;
  areas: AreaAccess;
  /** The admin screens this user may open, by their tab labels, in the tabs' order (none without the admin area). */
  adminScreens: string[];
  supportContact: string;
}

/** The landing page: a greeting, the areas this user may open, and the support contact. */
export async function loadHomeData(signedIn: SignedIn): Promise<HomeData> {
  const [areas, adminTabs, contact] = await Promise.all([areaAccessOf(signedIn), adminTabsOf(signedIn), readConfigurationValue(SUPPORT_CONTACT_KEY)]);
  return {
    greetingName: displayUserOf(signedIn.user).firstName,
    areas,
    adminScreens: areas.admin ? adminTabs.map((tab) => tab.label) : [],
    supportContact: contact?.trim() || NOT_AVAILABLE,
  };
}
