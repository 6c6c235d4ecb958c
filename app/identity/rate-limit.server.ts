import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
import type { LoginRateLimits } from "./options";
import { onceEvery } from "./periodic";

export interface LoginRateLimiter {
  /** True when the login or the address has used up its failures in the current window. */
  isLimited(login: string, address: string): Promise<boolean>;
  recordFailure(login: string, address: string): Promise<void>;
  /** A successful sign-in clears the login's count (not the address's). */
  recordSuccess(login: string): Promise<void>;
}

const loginKey = (login: string) => `login:${login.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Fixed windows counted in the database, so every instance sees the same numbers: a window opens
 * at a key's first failure and closes `windowSeconds` later.
 */
export function createLoginRateLimiter(
  db: Kysely<Database>,
  limits: LoginRateLimits,
  now: () => Date,
): LoginRateLimiter {
  const purgeDue = onceEvery(60_000, now);
  const windowOpenedAfter = () => new Date(now().getTime() - limits.windowSeconds * 1000).toISOString();

  async function countFailure(key: string, at: string, openedAfter: string): Promise<void> {
    await db
      .insertInto("loginAttempts")
      .values({ key, windowStart: at, failures: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => {
          const windowOpen = eb("loginAttempts.windowStart", ">", openedAfter);
          return {
            failures: eb.case().when(windowOpen).then(eb("loginAttempts.failures", "+", 1)).else(1).end(),
            windowStart: eb.case().when(windowOpen).then(eb.ref("loginAttempts.windowStart")).else(at).end(),
          };
        }),
      )
      .execute();
  }

  return {
    async isLimited(login, address) {
      const rows = await db
        .selectFrom("loginAttempts")
        .select(["key", "failures"])
        .where("key", "in", [loginKey(login), addressKey(address)])
        .where("windowStart", ">", windowOpenedAfter())
        .execute();
      return rows.some((row) =>
        row.key === loginKey(login) ? row.failures >= limits.perLogin : row.failures >= limits.perAddress,
      );
    },

    async recordFailure(login, address) {
      const at = now().toISOString();
      const openedAfter = windowOpenedAfter();
      await countFailure(loginKey(login), at, openedAfter);
      await countFailure(addressKey(address), at, openedAfter);
      if (purgeDue()) await db.deleteFrom("loginAttempts").where("windowStart", "<=", openedAfter).execute();
    },

    async recordSuccess(login) {
      await db.deleteFrom("loginAttempts").where("key", "=", loginKey(login)).execute();
    },
  };
}
