import { recordSignInEvent } from "~/db/audit-events.server";
import type { PortalDatabase } from "~/db/connect.server";
import { throttledAddress } from "./client-address";
import { checkCredentials } from "./credentials.server";
import type { Log } from "./options";
import type { SignInThrottle } from "./sign-in-throttle.server";

export type SignInOutcome =
  | { ok: true; accountId: string }
  /**
   * `refused`: not checked, the pair was still waiting. `waitSeconds`: how long before this login
   * may try again from this address (0: at once).
   */
  | { ok: false; refused: boolean; waitSeconds: number };

export interface SignInService {
  attempt(login: string, password: string, address: string): Promise<SignInOutcome>;
}

/** A failed password check's reason as an audit event gives it: the same for an unknown login, a wrong password, a user not allowed. */
export const SIGN_IN_REFUSED = "The login or the password was not accepted.";

/**
 * Checks a login and password under the sign-in throttle. The caller learns only yes or no (and
 * how long to wait); the log says why (never the password).
 */
export function createSignInService(database: PortalDatabase, throttle: SignInThrottle, log: Log, now: () => Date): SignInService {
  const { db } = database;
  const secondsUntil = (at: Date | null) => (at === null ? 0 : Math.max(1, Math.ceil((at.getTime() - now().getTime()) / 1000)));
  return {
    async attempt(login, password, clientAddress) {
      const address = throttledAddress(clientAddress);
      const claim = await throttle.claim(login, address);
      if (!claim.granted) {
        log("warn", "sign-in refused: too many failed attempts", { login, address, retryAt: claim.retryAt.toISOString() });
        return { ok: false, refused: true, waitSeconds: secondsUntil(claim.retryAt) };
      }
      const check = await checkCredentials(db, login, password);
      if (!check.ok) {
        const recordable = await throttle.failed(address);
        log("warn", "sign-in failed", { login, address, reason: check.reason, ...(claim.retryAt ? { retryAt: claim.retryAt.toISOString() } : {}) });
        // The Activity screen's failed sign-in (decision 0087): the login as typed, never the password; the reason
        // as the form says it (which of login and password was wrong stays in the server's log).
        if (recordable) {
          const event = { login, userId: null, succeeded: false, via: "password", message: SIGN_IN_REFUSED, address, at: now() } as const;
          await recordSignInEvent(event, database);
        }
        return { ok: false, refused: false, waitSeconds: secondsUntil(claim.retryAt) };
      }
      await throttle.succeeded(login, address);
      log("info", "signed in", { login, userId: check.user.id });
      return { ok: true, accountId: check.user.id };
    },
  };
}
