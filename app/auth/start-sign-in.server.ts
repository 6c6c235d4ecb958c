import { redirect } from "@remix-run/node";
import { flashCookieHeader } from "~/auth/flash.server";
import { log } from "~/lib/logger.server";
import { getAuthSettings } from "./auth-settings.server";
import { portalStrategy } from "./oidc-client.server";
import { IdentityProviderUnavailableError } from "./oidc-discovery.server";
import { returnToCookie } from "./session-cookie.server";
import { SIGN_IN_FAILED_TITLE, SIGN_IN_MESSAGES } from "./sign-in-messages";

/**
 * Starts a sign-in at the identity provider: the redirect to its authorization endpoint, with the
 * page to come back to in a cookie. A provider that cannot be reached sends the browser back to
 * /login, which says so.
 */
export async function startSignIn(request: Request, returnTo: string): Promise<Response> {
  const { publicOrigin } = getAuthSettings();
  try {
    const strategy = await portalStrategy();
    // A clean request: the strategy starts a sign-in only when the URL has no state parameter.
    await strategy.authenticate(new Request(`${publicOrigin}/login`, { headers: request.headers }));
  } catch (outcome) {
    if (outcome instanceof Response) {
      outcome.headers.append("Set-Cookie", await returnToCookie().serialize(returnTo));
      // The provider's pages are not the portal's routes: with JavaScript, Remix loads them as a document.
      outcome.headers.set("X-Remix-Reload-Document", "true");
      return outcome;
    }
    // An identity provider that cannot be reached is an outage to watch (warn), not a bug in the portal.
    if (outcome instanceof IdentityProviderUnavailableError) log.warn("Sign-in could not start", { error: outcome.message });
    else log.error("Sign-in could not start", { error: outcome });
  }
  const flash = await flashCookieHeader({ title: SIGN_IN_FAILED_TITLE, message: SIGN_IN_MESSAGES.unavailable });
  return redirect("/login", { headers: { "Set-Cookie": flash } });
}
