import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SIGN_IN_THROTTLE } from "~/identity/options";
import { PayloadStore } from "~/identity/payload-store.server";
import { loadBuiltInClientSecret, loadIdentitySecrets } from "~/identity/secrets.server";
import { addressKey, createSignInThrottle, pairKey, type SignInClaim, type SignInThrottle } from "~/identity/sign-in-throttle.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** A clock the test moves by hand. */
function manualClock(start = "2026-05-01T08:00:00.000Z") {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    advance: (seconds: number) => {
      current += seconds * 1000;
    },
  };
}

describe.each(testDialects)("identity provider storage on %s", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t?.cleanup());

  describe("payload adapter", () => {
    let clock: ReturnType<typeof manualClock>;
    let store: PayloadStore;
    beforeEach(async () => {
      await t.database.db.deleteFrom("oidcPayloads").execute();
      clock = manualClock();
      store = new PayloadStore({ db: t.database.db, now: clock.now, log: () => undefined });
    });

    it("stores, finds, updates and destroys a model's items", async () => {
      const sessions = store.adapterFor("Session");
      await sessions.upsert("s1", { uid: "uid-1", accountId: "u-1", nested: { list: [1, "two"] } }, 600);
      expect(await sessions.find("s1")).toEqual({ uid: "uid-1", accountId: "u-1", nested: { list: [1, "two"] } });
      expect(await sessions.findByUid("uid-1")).toMatchObject({ accountId: "u-1" });
      expect(await store.adapterFor("Interaction").find("s1")).toBeUndefined();

      await sessions.upsert("s1", { uid: "uid-1", accountId: "u-2" }, 600);
      expect(await sessions.find("s1")).toEqual({ uid: "uid-1", accountId: "u-2" });

      await sessions.destroy("s1");
      expect(await sessions.find("s1")).toBeUndefined();
    });

    it("marks consumed items and finds them by user code", async () => {
      const codes = store.adapterFor("DeviceCode");
      await codes.upsert("d1", { userCode: "ABCD-EFGH", grantId: "g1" }, 600);
      expect(await codes.findByUserCode("ABCD-EFGH")).toEqual({ userCode: "ABCD-EFGH", grantId: "g1" });
      clock.advance(5);
      await codes.consume("d1");
      expect((await codes.find("d1"))?.consumed).toBe(Math.floor(clock.now().getTime() / 1000));
    });

    it("ignores expired items and purges them later", async () => {
      const tokens = store.adapterFor("AccessToken");
      await tokens.upsert("short", { grantId: "g1" }, 60);
      await tokens.upsert("forever", { grantId: "g1" });
      clock.advance(61);
      expect(await tokens.find("short")).toBeUndefined();
      expect(await tokens.find("forever")).toEqual({ grantId: "g1" });
      expect(await t.database.db.selectFrom("oidcPayloads").select("id").execute()).toHaveLength(2);

      // The purge piggybacks on writes, at most once a minute.
      await tokens.upsert("other", { grantId: "g2" }, 60);
      const ids = (await t.database.db.selectFrom("oidcPayloads").select("id").orderBy("id").execute()).map((r) => r.id);
      expect(ids).toEqual(["forever", "other"]);
    });

    it("revokes a model's items by grant, and a whole grant at sign-out", async () => {
      const accessTokens = store.adapterFor("AccessToken");
      const refreshTokens = store.adapterFor("RefreshToken");
      const grants = store.adapterFor("Grant");
      await grants.upsert("g1", { accountId: "u-1" }, 600);
      await accessTokens.upsert("a1", { grantId: "g1" }, 600);
      await refreshTokens.upsert("r1", { grantId: "g1" }, 600);
      await accessTokens.upsert("a2", { grantId: "g2" }, 600);

      await accessTokens.revokeByGrantId("g1");
      expect(await accessTokens.find("a1")).toBeUndefined();
      expect(await refreshTokens.find("r1")).toBeDefined();
      expect(await accessTokens.find("a2")).toBeDefined();

      await store.revokeGrant("g1");
      expect(await refreshTokens.find("r1")).toBeUndefined();
      expect(await grants.find("g1")).toBeUndefined();
      expect(await accessTokens.find("a2")).toBeDefined();
    });
  });

  describe("secrets", () => {
    it("generates keys once, even when instances start together, and reads them back", async () => {
      const now = () => new Date();
      const [first, second] = await Promise.all([loadIdentitySecrets(t.database, now), loadIdentitySecrets(t.database, now)]);
      expect(second).toEqual(first);
      const [key] = first.jwks.keys;
      expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
      expect(key.kid).toBeTruthy();
      expect(key.d).toBeTruthy();
      expect(first.cookieKeys[0]).toMatch(/^[\w-]{43}$/);

      expect(await loadIdentitySecrets(t.database, now)).toEqual(first);
      const rows = await t.database.db.selectFrom("identitySecrets").select("name").orderBy("name").execute();
      expect(rows.map((row) => row.name)).toEqual(["oidc.cookie-keys", "oidc.signing-keys"]);
    });

    it("shares one generated client secret for the portal", async () => {
      const now = () => new Date();
      const [first, second] = await Promise.all([loadBuiltInClientSecret(t.database, now), loadBuiltInClientSecret(t.database, now)]);
      expect(first).toBe(second);
      expect(first).toMatch(/^[\w-]{43}$/);
    });

    it("refuses a malformed stored key instead of replacing it", async () => {
      await t.database.db
        .updateTable("identitySecrets")
        .set({ value: JSON.stringify({ keys: [] }) })
        .where("name", "=", "oidc.signing-keys")
        .execute();
      await expect(loadIdentitySecrets(t.database, () => new Date())).rejects.toThrow(/oidc.signing-keys is malformed/);
    });
  });

  describe("sign-in throttle", () => {
    let clock: ReturnType<typeof manualClock>;
    beforeEach(async () => {
      await t.database.db.deleteFrom("signInFailures").execute();
      clock = manualClock();
    });
    const throttle = () => createSignInThrottle(t.database, DEFAULT_SIGN_IN_THROTTLE, clock.now);
    const later = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);

    /** One wrong password: claimed, and when granted counted for the address too. */
    async function wrongGuess(on: SignInThrottle, login: string, address: string): Promise<SignInClaim> {
      const claim = await on.claim(login, address);
      if (claim.granted) await on.failed(address);
      return claim;
    }

    async function failuresOf(key: string): Promise<number | undefined> {
      return (await t.database.db.selectFrom("signInFailures").select("failures").where("key", "=", key).executeTakeFirst())?.failures;
    }

    it("gives one login from one address four free failures, then waits of 15 s doubling to 15 min, refusing it unchecked meanwhile", async () => {
      const on = throttle();
      for (let i = 0; i < 4; i += 1) expect(await wrongGuess(on, "Carol", "192.0.2.7")).toEqual({ granted: true, retryAt: null });
      const waits: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const claim = await wrongGuess(on, "carol", "192.0.2.7");
        expect(claim.granted).toBe(true);
        const waitSeconds = ((claim.retryAt?.getTime() ?? 0) - clock.now().getTime()) / 1000;
        waits.push(waitSeconds);
        // While it waits, even the right password is not checked, and the refusal is not counted.
        clock.advance(waitSeconds - 1);
        expect(await on.claim("CAROL", "192.0.2.7")).toEqual({ granted: false, retryAt: claim.retryAt });
        expect(await failuresOf(pairKey("carol", "192.0.2.7"))).toBe(5 + i);
        clock.advance(1);
      }
      expect(waits).toEqual([15, 30, 60, 120, 240, 480, 900, 900, 900]);
    });

    it("never slows the same login from another address, nor another login from the same address", async () => {
      const on = throttle();
      for (let i = 0; i < 12; i += 1) {
        if (i > 0) clock.advance(900);
        await wrongGuess(on, "carol", "192.0.2.7");
      }
      expect(await on.claim("carol", "192.0.2.7")).toMatchObject({ granted: false });
      expect(await on.claim("carol", "198.51.100.9")).toEqual({ granted: true, retryAt: null });
      expect(await on.claim("alice", "192.0.2.7")).toEqual({ granted: true, retryAt: null });
    });

    it("takes away an address's free failures past its limit, yet still checks a login that has no failures from it", async () => {
      const on = throttle();
      for (let i = 0; i < DEFAULT_SIGN_IN_THROTTLE.perAddress; i += 1) await wrongGuess(on, `user${i}`, "192.0.2.7");
      expect(await failuresOf(addressKey("192.0.2.7"))).toBe(DEFAULT_SIGN_IN_THROTTLE.perAddress);
      // Its password is checked (granted); only a failure would make it wait, from the first one.
      const victim = await on.claim("victim", "192.0.2.7");
      expect(victim).toEqual({ granted: true, retryAt: later(15) });
      await on.succeeded("victim", "192.0.2.7");
      expect(await failuresOf(pairKey("victim", "192.0.2.7"))).toBeUndefined();
      expect(await on.claim("victim", "192.0.2.7")).toEqual({ granted: true, retryAt: later(15) });
      // Another address is not affected, and the address's window closes after 15 minutes.
      expect(await on.claim("someone", "192.0.2.8")).toEqual({ granted: true, retryAt: null });
      clock.advance(DEFAULT_SIGN_IN_THROTTLE.addressWindowSeconds + 1);
      expect(await on.claim("newcomer", "192.0.2.7")).toEqual({ granted: true, retryAt: null });
    });

    it("clears a pair on success and forgets it a day after its last failure", async () => {
      const on = throttle();
      for (let i = 0; i < 5; i += 1) await wrongGuess(on, "dave", "192.0.2.7");
      clock.advance(15);
      expect((await on.claim("dave", "192.0.2.7")).granted).toBe(true);
      await on.succeeded("dave", "192.0.2.7");
      expect(await wrongGuess(on, "dave", "192.0.2.7")).toEqual({ granted: true, retryAt: null });

      for (let i = 0; i < 4; i += 1) await wrongGuess(on, "erin", "192.0.2.7");
      clock.advance(DEFAULT_SIGN_IN_THROTTLE.forgetAfterSeconds + 1);
      expect(await wrongGuess(on, "erin", "192.0.2.7")).toEqual({ granted: true, retryAt: null });
      expect(await failuresOf(pairKey("erin", "192.0.2.7"))).toBe(1);
    });

    it("keeps its counts in the database: a second instance refuses what the first one counted", async () => {
      const first = throttle();
      const second = throttle();
      for (let i = 0; i < 5; i += 1) await wrongGuess(first, "frank", "192.0.2.7");
      expect(await second.claim("frank", "192.0.2.7")).toEqual({ granted: false, retryAt: later(15) });
      expect(await second.claim("frank", "203.0.113.4")).toEqual({ granted: true, retryAt: null });
    });

    it("lets no parallel guesses slip past the count: of 30 at once on a fresh pair, five are checked", async () => {
      const instances = [throttle(), throttle(), throttle()];
      const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => instances[i % 3].claim("grace", "192.0.2.7")));
      expect(claims.filter((claim) => claim.granted)).toHaveLength(5);
      expect(await failuresOf(pairKey("grace", "192.0.2.7"))).toBe(5);
    });

    it("purges failures older than a day", async () => {
      const on = throttle();
      await wrongGuess(on, "old", "198.51.100.1");
      clock.advance(DEFAULT_SIGN_IN_THROTTLE.forgetAfterSeconds + 60);
      await wrongGuess(on, "new", "198.51.100.2");
      const keys = (await t.database.db.selectFrom("signInFailures").select("key").orderBy("key").execute()).map((r) => r.key);
      expect(keys).toEqual([addressKey("198.51.100.2"), pairKey("new", "198.51.100.2")]);
    });
  });
});
