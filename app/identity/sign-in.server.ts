import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
import { checkCredentials } from "./credentials.server";
import type { Log } from "./options";
import type { LoginRateLimiter } from "./rate-limit.server";

export type SignInOutcome = { ok: true; accountId: string } | { ok: false };

export interface SignInService {
  attempt(login: string, password: string, address: string): Promise<SignInOutcome>;
}

/**
 * Checks a login and password under the rate limits. The caller learns only yes or no; the log
 * says why (never the password).
 */
export function createSignInService(db: Kysely<Database>, limiter: LoginRateLimiter, log: Log): SignInService {
  return {
    async attempt(login, password, address) {
      if (await limiter.isLimited(login, address)) {
        log("warn", "sign-in refused: too many failed attempts", { login, address });
        return { ok: false };
      }
      const check = await checkCredentials(db, login, password);
      if (!check.ok) {
        await limiter.recordFailure(login, address);
        log("warn", "sign-in failed", { login, address, reason: check.reason });
        return { ok: false };
      }
      await limiter.recordSuccess(login);
      log("info", "signed in", { login, userId: check.user.id });
      return { ok: true, accountId: check.user.id };
    },
  };
}
