import { log } from "~/lib/logger.server";
import { endSessionUrl, portalStrategy } from "./oidc-client.server";
import { clearSessionCookie } from "./session-cookie.server";
import { endSessionAndClearPreferences, type StoredSession } from "./session-store.server";

/**
 * Logout: the session row and the spec's preferences go, the refresh token is revoked, and the
 * browser is sent to end the identity provider's session, which returns it to /login.
 */
export async function signOut(session: StoredSession): Promise<{ location: string; setCookie: string }> {
  await endSessionAndClearPreferences(session);
  const refreshToken = session.tokens?.refreshToken;
  if (refreshToken) {
    await portalStrategy()
      .then((strategy) => strategy.revoke(refreshToken))
      .catch((error: unknown) => log.warn("Refresh token revocation failed at logout", { error: String(error) }));
  }
  const location = await endSessionUrl(session.tokens?.idToken ?? null).catch(() => null);
  log.info("Signed out", { login: session.claims.login });
  return { location: location ?? "/login", setCookie: await clearSessionCookie() };
}
