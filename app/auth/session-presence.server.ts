import { readSessionId } from "./session-cookie.server";
import { findSession } from "./session-store.server";
import { SESSION_TIMING } from "./timing";
import type { SignedIn } from "./user-session.server";

/**
 * The signed-in user of a live session, for decisions that must not change the session: no token
 * renewal, no activity counted (getSignedInUser does both for real requests); null when signed out.
 */
export async function liveSignedIn(request: Request, now: Date = new Date()): Promise<SignedIn | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const stored = await findSession(id).catch(() => null);
  if (!stored?.tokens) return null;
  if ((now.getTime() - Date.parse(stored.lastActivityAt)) / 1000 > SESSION_TIMING.maxInactivity) return null;
  return { sessionId: stored.id, user: stored.claims };
}

/** Whether the request comes from someone signed in (liveSignedIn), without changing the session. */
export async function hasLiveSession(request: Request, now: Date = new Date()): Promise<boolean> {
  return (await liveSignedIn(request, now)) !== null;
}
