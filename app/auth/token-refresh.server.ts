import { portalStrategy } from "./oidc-client.server";
import { deleteSession, findSession, leaseRefresh, saveRefreshedSession, type StoredSession } from "./session-store.server";

const LEASE_SECONDS = 30;
const WAIT_STEP_MS = 150;
const WAIT_LIMIT_MS = 15_000;

/**
 * Rotating refresh tokens may be used once: a second use revokes the whole grant. Remix runs a
 * page's loaders in parallel, and instances run side by side, so a refresh is single-flight per
 * session: within a process by sharing one promise, across processes by a lease on the row.
 */
const refreshesInFlight = new Map<string, Promise<StoredSession | null>>();

async function waitForOtherRefresh(session: StoredSession): Promise<StoredSession | null> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const current = await findSession(session.id);
    if (!current) return null;
    if (current.refreshingUntil === null) return current;
  }
  return null;
}

async function refreshOnce(session: StoredSession, now: Date): Promise<StoredSession | null> {
  if (!session.tokens?.refreshToken) return null;
  if (!(await leaseRefresh(session.id, now, LEASE_SECONDS))) return waitForOtherRefresh(session);
  try {
    const strategy = await portalStrategy();
    const renewed = await strategy.refresh(session.tokens.refreshToken);
    const claims = await saveRefreshedSession(session, renewed);
    return { ...session, tokens: renewed.tokens, claims, refreshingUntil: null };
  } catch {
    // A failed renewal signs the user out (platform spec §4).
    await deleteSession(session.id);
    return null;
  }
}

/** The session with fresh tokens, or null when renewal failed and the session was ended. */
export function refreshSession(session: StoredSession, now: Date = new Date()): Promise<StoredSession | null> {
  const running = refreshesInFlight.get(session.id);
  if (running) return running;
  const promise = refreshOnce(session, now).finally(() => refreshesInFlight.delete(session.id));
  refreshesInFlight.set(session.id, promise);
  return promise;
}
