import { createCookie } from "@remix-run/node";
import { getAuthSettings } from "~/auth/auth-settings.server";

/**
 * The bare URL of a grid brings back the user's remembered query, and the defaults' canonical URL
 * is that same bare URL. So going back to the defaults (Clear, or a link whose state is the
 * defaults) marks the redirect with this cookie, naming the grid: the bare request that follows
 * shows the defaults even when another tab of the same user has remembered another query in the
 * meantime, and consumes the mark (decision 0022).
 */
const DEFAULTS_MARKER_COOKIE = "__portal_grid_defaults";

function markerCookie() {
  return createCookie(DEFAULTS_MARKER_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: getAuthSettings().secureCookies,
    path: "/",
    // Only the redirect's own follow-up request is meant; a mark never followed expires soon.
    maxAge: 60,
  });
}

/** The Set-Cookie value that marks the redirect to a grid's defaults. */
export function markDefaults(gridId: string): Promise<string> {
  return markerCookie().serialize(gridId);
}

/** Whether this request follows a redirect to this grid's defaults. */
export async function followsDefaultsRedirect(request: Request, gridId: string): Promise<boolean> {
  const header = request.headers.get("Cookie") ?? "";
  if (!header.includes(`${DEFAULTS_MARKER_COOKIE}=`)) return false;
  return (await markerCookie().parse(header)) === gridId;
}

/** The Set-Cookie value that consumes the mark. */
export function consumeDefaultsMark(): Promise<string> {
  return markerCookie().serialize("", { maxAge: 0 });
}
