import type { LoadUser } from "./load-users";
import { SESSION_COOKIE } from "../../app/auth/session-cookie.server";
import { mapWithConcurrency } from "../../app/lib/map-with-concurrency";
import { Browser, location } from "../../tests/support/http-browser";
import { signInUpToCallback } from "../../tests/support/portal-sign-in";

export interface SignedInUser {
  user: LoadUser;
  /** Cookie jar of the sign-in (its session cookie included), for browsing before the load. */
  browser: Browser;
  /** `__portal_session=...`, the Cookie header of the user's requests during the load. */
  sessionCookie: string;
}

/**
 * Signs every user in through the real flow (the portal's /login, the identity provider's login
 * form, /callback), a few at a time: each sign-in checks an argon2 hash on the server.
 */
export async function signInUsers(publicOrigin: string, users: readonly LoadUser[], password: string, concurrency = 4): Promise<SignedInUser[]> {
  return mapWithConcurrency(users, concurrency, async (user) => {
    const { browser, callbackUrl } = await signInUpToCallback(publicOrigin, user.login, password);
    const answer = await browser.get(callbackUrl.href);
    const landing = location(answer, publicOrigin);
    if (landing.pathname === "/login") throw new Error(`${user.login} could not sign in (sent back to /login)`);
    const sessionCookie = browser
      .cookieHeader("/")
      .split("; ")
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
    if (!sessionCookie) throw new Error(`${user.login} signed in without a ${SESSION_COOKIE} cookie`);
    return { user, browser, sessionCookie };
  });
}
