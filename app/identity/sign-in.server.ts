import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
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

/**
 * Checks a login and password under the sign-in throttle. The caller learns only yes or no (and
 * how long to wait); the log says why (never the password).
 */
export function createSignInService(db: Kysely<Database>, throttle: SignInThrottle, log: Log, now: () => Date): SignInService {
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
        await throttle.failed(address);
        log("warn", "sign-in failed", { login, address, reason: check.reason, ...(claim.retryAt ? { retryAt: claim.retryAt.toISOString() } : {}) });
        return { ok: false, refused: false, waitSeconds: secondsUntil(claim.retryAt) };
      }
      await throttle.succeeded(login, address);
      log("info", "signed in", { login, userId: check.user.id });
      return { ok: true, accountId: check.user.id };
    },
  };
}
