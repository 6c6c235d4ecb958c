import { redirect } from "@remix-run/node";
import { hasSessionCookie, clearSessionCookie, readSessionId } from "./session-cookie.server";
import { deleteSession, findSession, touchSession, type StoredSession } from "./session-store.server";
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

/**
 * The signed-in user of this request, applying the spec's timing rules on the server: over
 * 110 minutes inactive signs out; a token close to expiry is renewed first; a failed renewal or
 * an unreadable session signs out. Null means signed out.
 */
export async function getSignedInUser(request: Request, options: SessionCheckOptions = {}): Promise<SignedIn | null> {
  const now = options.now ?? new Date();
  const purpose = options.purpose ?? "request";
  const id = await readSessionId(request);
  if (!id) return null;
  const stored = await findSession(id).catch(() => null);
  if (!stored) return null;
  if (secondsBetween(now, stored.lastActivityAt) > SESSION_TIMING.maxInactivity) {
    await deleteSession(stored.id);
    return null;
  }
  const renewUnder = purpose === "keepAlive" ? SESSION_TIMING.keepAliveRenewUnder : SESSION_TIMING.renewBeforeCall;
  const session = await withFreshTokens(stored, now, renewUnder);
  if (!session) return null;
  if (purpose === "request" && secondsBetween(now, session.lastActivityAt) >= SESSION_TIMING.activityWriteInterval) {
    await touchSession(session.id, now);
  }
  return { sessionId: session.id, user: session.claims };
}

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/" ? "/login" : `/login?returnTo=${encodeURIComponent(target)}`;
}

/** Signed out: to /login, coming back to this path and query afterwards. */
export async function requireUser(request: Request, options: SessionCheckOptions = {}): Promise<SignedIn> {
  const signedIn = await getSignedInUser(request, options);
  if (signedIn) return signedIn;
  const headers = new Headers();
  if (hasSessionCookie(request)) headers.append("Set-Cookie", await clearSessionCookie());
  throw redirect(loginPath(request), { headers });
}
