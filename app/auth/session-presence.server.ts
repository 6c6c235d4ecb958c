import { readSessionId } from "./session-cookie.server";
import { findSession } from "./session-store.server";
import { SESSION_TIMING } from "./timing";

/**
 * Whether the request comes from someone signed in, for decisions that must not change the
 * session: no token renewal, no activity counted (getSignedInUser does both for real requests).
 */
export async function hasLiveSession(request: Request, now: Date = new Date()): Promise<boolean> {
  const id = await readSessionId(request);
  if (!id) return false;
  const stored = await findSession(id).catch(() => null);
  if (!stored?.tokens) return false;
  return (now.getTime() - Date.parse(stored.lastActivityAt)) / 1000 <= SESSION_TIMING.maxInactivity;
}
