import { sql, type Expression, type RawBuilder } from "kysely";
import type { PortalDatabase } from "~/db/connect.server";
import type { SignInThrottleSettings } from "./options";
import { onceEvery } from "./periodic";

/**
 * Slows password guessing without locking anyone out (decision 0016). Failures are counted in the
 * database, so every instance sees the same numbers:
 *
 * - per (login, client address) pair: the first `freeFailuresPerPair` failures cost nothing; each
 *   further one makes the pair wait, 15 s doubling up to 15 min. While it waits the pair's
 *   attempts are refused before the password is checked. A success, or a day without failures,
 *   clears the pair.
 * - per client address: past `perAddress` failures in a window, the address's pairs have no free
 *   failures (a guesser spraying many logins gets one guess per login before the waits begin).
 *
 * Nothing is counted per login alone: the same login from another address is never slowed, so an
 * attacker cannot keep the owner of an account out.
 *
 * Each attempt is claimed before its password is checked: the claim counts it as a failure and sets
 * the wait that failure would cause, in one statement that is refused while the pair must wait.
 * So parallel guesses cannot slip past the count; a success then clears the pair.
 */

export type SignInClaim =
  /** Check the password; `retryAt` is the pair's wait should it fail (null: none). */
  | { granted: true; retryAt: Date | null }
  /** Refused unchecked: the pair must wait until `retryAt`. */
  | { granted: false; retryAt: Date };

export interface SignInThrottle {
  claim(login: string, address: string): Promise<SignInClaim>;
  /**
   * The claimed attempt failed (the pair's count already has it): counts it for the address. True
   * while the address has had at most `perAddress` failures in its window, this one included: such
   * a failure is recorded as an audit event, later ones of the window are not, so a guesser cannot
   * fill the audit log without bound (decision 0087).
   */
  failed(address: string): Promise<boolean>;
  succeeded(login: string, address: string): Promise<void>;
}

export const pairKey = (login: string, address: string) => `pair:${address} ${login.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/** Seconds a pair waits after its nth failure in a row (0: none). */
export function waitAfterFailure(failures: number, freeFailures: number, settings: SignInThrottleSettings): number {
  const beyond = failures - freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(settings.firstWaitSeconds * 2 ** Math.min(beyond - 1, 30), settings.maxWaitSeconds);
}

export function createSignInThrottle(database: PortalDatabase, settings: SignInThrottleSettings, now: () => Date): SignInThrottle {
  const { db } = database;
  const purgeDue = onceEvery(60_000, now);
  const secondsBefore = (at: Date, seconds: number) => new Date(at.getTime() - seconds * 1000).toISOString();
  const secondsAfter = (at: Date, seconds: number) => secondsBefore(at, -seconds);
  // PostgreSQL types a CASE of bare parameters as text, which a timestamptz column does not take.
  const instant = (value: string): RawBuilder<string> => (database.dialect === "postgres" ? sql<string>`cast(${value} as timestamptz)` : sql<string>`${value}`);

  async function freeFailuresFrom(address: string, at: Date): Promise<number> {
    const row = await db
      .selectFrom("signInFailures")
      .select("failures")
      .where("key", "=", addressKey(address))
      .where("firstFailureAt", ">", secondsBefore(at, settings.addressWindowSeconds))
      .executeTakeFirst();
    return row && row.failures >= settings.perAddress ? 0 : settings.freeFailuresPerPair;
  }

  /** The wait each possible count sets, as instants: a CASE over the count, capped at the longest wait. */
  function retryAtFor(count: Expression<number>, freeFailures: number, at: Date): Expression<string | null> {
    let failures = freeFailures + 1;
    let wait = waitAfterFailure(failures, freeFailures, settings);
    let cases = sql<string | null>`case when ${count} <= ${freeFailures} then null`;
    while (wait < settings.maxWaitSeconds) {
      cases = sql<string | null>`${cases} when ${count} = ${failures} then ${instant(secondsAfter(at, wait))}`;
      failures += 1;
      wait = waitAfterFailure(failures, freeFailures, settings);
    }
    return sql<string | null>`${cases} else ${instant(secondsAfter(at, settings.maxWaitSeconds))} end`;
  }

  async function purgeOldFailures(at: Date): Promise<void> {
    if (purgeDue()) await db.deleteFrom("signInFailures").where("lastFailureAt", "<=", secondsBefore(at, settings.forgetAfterSeconds)).execute();
  }

  return {
    async claim(login, address) {
      const at = now();
      const atIso = at.toISOString();
      const key = pairKey(login, address);
      const freeFailures = await freeFailuresFrom(address, at);
      const forgetBefore = secondsBefore(at, settings.forgetAfterSeconds);
      const firstWait = waitAfterFailure(1, freeFailures, settings);
      const claimed = await db
        .insertInto("signInFailures")
        .values({ key, failures: 1, firstFailureAt: atIso, lastFailureAt: atIso, retryAt: firstWait ? secondsAfter(at, firstWait) : null })
        .onConflict((conflict) =>
          conflict
            .column("key")
            .doUpdateSet((eb) => {
              const forgotten = eb("signInFailures.lastFailureAt", "<=", forgetBefore);
              const count = eb
                .case()
                .when(forgotten)
                .then(1)
                .else(eb("signInFailures.failures", "+", 1))
                .end();
              return {
                failures: count,
                firstFailureAt: eb.case().when(forgotten).then(atIso).else(eb.ref("signInFailures.firstFailureAt")).end(),
                lastFailureAt: atIso,
                retryAt: retryAtFor(count, freeFailures, at),
              };
            })
            .where((eb) =>
              eb.or([
                eb("signInFailures.retryAt", "is", null),
                eb("signInFailures.retryAt", "<=", atIso),
                eb("signInFailures.lastFailureAt", "<=", forgetBefore),
              ]),
            ),
        )
        .returning("retryAt")
        .executeTakeFirst();
      await purgeOldFailures(at);
      if (claimed) return { granted: true, retryAt: claimed.retryAt === null ? null : new Date(claimed.retryAt) };
      const waiting = await db.selectFrom("signInFailures").select("retryAt").where("key", "=", key).executeTakeFirst();
      // The row was there a moment ago; if it has just been cleared by a success, waiting a second is harmless.
      return { granted: false, retryAt: waiting?.retryAt ? new Date(waiting.retryAt) : new Date(at.getTime() + 1000) };
    },

    async failed(address) {
      const at = now();
      const atIso = at.toISOString();
      const windowOpenedAfter = secondsBefore(at, settings.addressWindowSeconds);
      const counted = await db
        .insertInto("signInFailures")
        .values({ key: addressKey(address), failures: 1, firstFailureAt: atIso, lastFailureAt: atIso, retryAt: null })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet((eb) => {
            const windowOpen = eb("signInFailures.firstFailureAt", ">", windowOpenedAfter);
            return {
              failures: eb
                .case()
                .when(windowOpen)
                .then(eb("signInFailures.failures", "+", 1))
                .else(1)
                .end(),
              firstFailureAt: eb.case().when(windowOpen).then(eb.ref("signInFailures.firstFailureAt")).else(atIso).end(),
              lastFailureAt: atIso,
            };
          }),
        )
        .returning("failures")
        .executeTakeFirst();
      return counted !== undefined && counted.failures <= settings.perAddress;
    },

    async succeeded(login, address) {
      await db.deleteFrom("signInFailures").where("key", "=", pairKey(login, address)).execute();
    },
  };
}
