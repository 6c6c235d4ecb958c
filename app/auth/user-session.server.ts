import { redirect } from "@remix-run/node";
import { flashCookieHeader } from "~/auth/flash.server";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { currentRequestContext, oncePerRequest } from "~/lib/request-context.server";
import { safeReturnTo } from "./return-to";
import { hasSessionCookie, clearSessionCookie, readSessionId } from "./session-cookie.server";
import { deleteSession, findSession, touchSession, type StoredSession } from "./session-store.server";
import { SESSION_ENDED_TITLE, SIGN_IN_MESSAGES } from "./sign-in-messages";
import { SESSION_TIMING } from "./timing";
import { refreshSession } from "./token-refresh.server";
import type { UserClaims } from "./user-claims";

export interface SignedIn {
  sessionId: string;
  user: UserClaims;
}

export interface SessionCheckOptions {
  now?: Date;
  /**
   * The keep-alive renews earlier (under 1200 s left) and is not user activity; page requests
   * renew under 180 s and count as activity.
   */
  purpose?: "request" | "keepAlive";
}

function secondsBetween(later: Date, earlier: string): number {
  return (later.getTime() - new Date(earlier).getTime()) / 1000;
}

async function withFreshTokens(session: StoredSession, now: Date, renewUnder: number): Promise<StoredSession | null> {
  if (!session.tokens) return null;
  const secondsLeft = -secondsBetween(now, session.tokens.accessTokenExpiresAt);
  if (secondsLeft >= renewUnder) return session;
  const refreshed = await refreshSession(session, now);
  if (refreshed) return refreshed;
  return null;
}

/** Why a request is not signed in: no (valid) session at all, or one that has just been ended. */
export type SignedOutReason = "none" | "ended";

export type SessionCheck = { signedIn: SignedIn } | { signedIn: null; reason: SignedOutReason };

/**
 * The signed-in user of this request, applying the spec's timing rules on the server: over
 * 110 minutes inactive signs out; a token close to expiry is renewed first; a failed renewal or
 * an unreadable session signs out ("ended"). A database that does not answer is not a reason to
 * sign anyone out: its error goes up (the page answers 503) and the session stays.
 */
export async function checkSession(request: Request, options: SessionCheckOptions = {}): Promise<SessionCheck> {
  // A page's loaders (root, layout, page) each ask; a GET asks the database once. After a POST's
  // action (which may sign out) every loader asks again.
  if (request.method === "GET" && currentRequestContext()?.method === "GET" && !options.now) {
    return oncePerRequest(`session-check ${options.purpose ?? "request"} ${request.headers.get("Cookie") ?? ""}`, () => checkSessionNow(request, options));
  }
  return checkSessionNow(request, options);
}

async function checkSessionNow(request: Request, options: SessionCheckOptions): Promise<SessionCheck> {
  const now = options.now ?? new Date();
  const purpose = options.purpose ?? "request";
  const id = await readSessionId(request);
  if (!id) return { signedIn: null, reason: "none" };
  const stored = await findSession(id).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
  if (!stored) return { signedIn: null, reason: "none" };
  if (secondsBetween(now, stored.lastActivityAt) > SESSION_TIMING.maxInactivity) {
    await deleteSession(stored.id);
    return { signedIn: null, reason: "ended" };
  }
  const renewUnder = purpose === "keepAlive" ? SESSION_TIMING.keepAliveRenewUnder : SESSION_TIMING.renewBeforeCall;
  const session = await withFreshTokens(stored, now, renewUnder);
  if (!session) return { signedIn: null, reason: "ended" };
  if (purpose === "request" && secondsBetween(now, session.lastActivityAt) >= SESSION_TIMING.activityWriteInterval) {
    await touchSession(session.id, now);
  }
  return { signedIn: { sessionId: session.id, user: session.claims } };
}

/** The signed-in user of this request, or null (see checkSession). */
export async function getSignedInUser(request: Request, options: SessionCheckOptions = {}): Promise<SignedIn | null> {
  return (await checkSession(request, options)).signedIn;
}

/**
 * The Set-Cookie lines for a request that is not signed in (any more): the session cookie
 * cleared, and for a session that has just ended, the message that says so on /login.
 */
export async function signedOutCookies(request: Request, reason: SignedOutReason): Promise<string[]> {
  const cookies: string[] = [];
  if (hasSessionCookie(request)) cookies.push(await clearSessionCookie());
  if (reason === "ended") cookies.push(await flashCookieHeader({ title: SESSION_ENDED_TITLE, message: SIGN_IN_MESSAGES.expired }));
  return cookies;
}

/**
 * /login, carrying the page to come back to only when /login would follow it (safeReturnTo): a
 * path and query too long to be one of the portal's would otherwise be echoed, encoded once more,
 * into a Location header that clients and proxies refuse (over 16 KiB) and a URL the server itself
 * answers with 431.
 */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  const target = safeReturnTo(`${url.pathname}${url.search}`, "/");
  return target === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(target)}`;
}

/** Signed out: to /login, coming back to this path and query afterwards. */
export async function requireUser(request: Request, options: SessionCheckOptions = {}): Promise<SignedIn> {
  const check = await checkSession(request, options);
  if (check.signedIn) return check.signedIn;
  const headers = new Headers();
  for (const cookie of await signedOutCookies(request, check.reason)) headers.append("Set-Cookie", cookie);
  throw redirect(loginPath(request), { headers });
}
