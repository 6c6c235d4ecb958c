import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { flashCookieHeader } from "~/auth/flash.server";
import { landingPath } from "~/auth/landing.server";
import { clearStateCookies, portalStrategy } from "~/auth/oidc-client.server";
import { IdentityProviderUnavailableError } from "~/auth/oidc-discovery.server";
import { safeReturnTo } from "~/auth/return-to";
import { returnToCookie, sessionCookie } from "~/auth/session-cookie.server";
import { createSession, findSession } from "~/auth/session-store.server";
import { recordCallbackRefusal, recordCallbackSignIn } from "~/auth/sign-in-events.server";
import { SIGN_IN_FAILED_TITLE, SIGN_IN_MESSAGES } from "~/auth/sign-in-messages";
import { log } from "~/lib/logger.server";
import { recordSignIn } from "~/lib/metrics.server";

async function failed(request: Request, message: string): Promise<Response> {
  await recordCallbackRefusal(request, message);
  const headers = new Headers();
  for (const line of clearStateCookies(request)) headers.append("Set-Cookie", line);
  headers.append("Set-Cookie", await returnToCookie().serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await flashCookieHeader({ title: SIGN_IN_FAILED_TITLE, message }));
  return redirect("/login", { headers });
}

/**
 * The identity provider's redirect back: state (against the state cookie), code exchange with
 * PKCE, ID token and nonce are checked; only then is a session created, under a new id.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.get("state")) return failed(request, SIGN_IN_MESSAGES.rejected);
  let signIn;
  try {
    const strategy = await portalStrategy();
    signIn = await strategy.authenticate(request);
  } catch (error) {
    recordSignIn("failed");
    if (error instanceof Response) return failed(request, SIGN_IN_MESSAGES.rejected);
    log.warn("Sign-in callback refused", { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return failed(request, error instanceof IdentityProviderUnavailableError ? SIGN_IN_MESSAGES.unavailable : SIGN_IN_MESSAGES.rejected);
  }
  const sessionId = await createSession(signIn);
  const returnTo = safeReturnTo((await returnToCookie().parse(request.headers.get("Cookie"))) as string | null, "");
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie().serialize(sessionId));
  for (const line of clearStateCookies(request)) headers.append("Set-Cookie", line);
  headers.append("Set-Cookie", await returnToCookie().serialize("", { maxAge: 0 }));
  log.info("Signed in", { login: signIn.claims.login });
  recordSignIn("success");
  await recordCallbackSignIn(signIn.claims);
  // Where the user lands follows the directory's roles (decision 0033), not the issuer's role claim.
  const user = (await findSession(sessionId))?.claims ?? signIn.claims;
  const destination = returnTo || (await landingPath({ sessionId, user }));
  return redirect(destination, { headers });
}
