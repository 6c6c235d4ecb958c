import { displayUserOf, type DisplayUser } from "~/auth/user-display";
import type { SignedIn } from "~/auth/user-session.server";
import { analyticsFor, type AnalyticsSettings } from "~/integrations/analytics.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { areaAccessOf } from "./area-access.server";
import type { AreaAccess } from "./navigation";

export interface ShellData {
  user: DisplayUser;
  areas: AreaAccess;
  timeZone: string;
  analytics: AnalyticsSettings | null;
}

/** What the layout around every signed-in page needs. */
export async function loadShellData(request: Request, signedIn: SignedIn): Promise<ShellData> {
  const [areas, zone, analytics] = await Promise.all([areaAccessOf(signedIn), userTimeZone(request, signedIn.user.id), analyticsFor(signedIn.user)]);
  return { user: displayUserOf(signedIn.user), areas, timeZone: zone.timeZone, analytics };
}
