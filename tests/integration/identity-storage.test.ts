import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PayloadStore } from "~/identity/payload-store.server";
import { createLoginRateLimiter } from "~/identity/rate-limit.server";
import { loadBuiltInClientSecret, loadIdentitySecrets } from "~/identity/secrets.server";
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
      const [first, second] = await Promise.all([
        loadIdentitySecrets(t.database, now),
        loadIdentitySecrets(t.database, now),
      ]);
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

  describe("login rate limiter", () => {
    let clock: ReturnType<typeof manualClock>;
    beforeEach(async () => {
      await t.database.db.deleteFrom("loginAttempts").execute();
      clock = manualClock();
    });
    const limits = { perLogin: 3, perAddress: 5, windowSeconds: 900 };

    it("limits a login after its failures, whatever the letter case, until the window closes", async () => {
      const limiter = createLoginRateLimiter(t.database.db, limits, clock.now);
      for (let i = 0; i < 2; i += 1) await limiter.recordFailure("Carol", `10.0.0.${i}`);
      expect(await limiter.isLimited("carol", "10.0.0.9")).toBe(false);
      await limiter.recordFailure("carol", "10.0.0.2");
      expect(await limiter.isLimited("carol", "10.0.0.9")).toBe(true);
      expect(await limiter.isLimited("alice", "10.0.0.9")).toBe(false);

      clock.advance(899);
      expect(await limiter.isLimited("carol", "10.0.0.9")).toBe(true);
      clock.advance(2);
      expect(await limiter.isLimited("carol", "10.0.0.9")).toBe(false);

      // A failure after the window starts a new one at 1.
      await limiter.recordFailure("carol", "10.0.0.9");
      const row = await t.database.db
        .selectFrom("loginAttempts")
        .selectAll()
        .where("key", "=", "login:carol")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ key: "login:carol", windowStart: clock.now().toISOString(), failures: 1 });
    });

    it("limits an address across logins, and a success clears only the login", async () => {
      const limiter = createLoginRateLimiter(t.database.db, limits, clock.now);
      for (let i = 0; i < 5; i += 1) await limiter.recordFailure(`user${i}`, "192.0.2.7");
      expect(await limiter.isLimited("someone-else", "192.0.2.7")).toBe(true);
      expect(await limiter.isLimited("someone-else", "192.0.2.8")).toBe(false);

      await limiter.recordFailure("dave", "192.0.2.8");
      await limiter.recordFailure("dave", "192.0.2.8");
      await limiter.recordSuccess("dave");
      const keys = (await t.database.db.selectFrom("loginAttempts").select("key").execute()).map((r) => r.key);
      expect(keys).not.toContain("login:dave");
      expect(keys).toContain("address:192.0.2.8");
    });

    it("purges closed windows", async () => {
      const limiter = createLoginRateLimiter(t.database.db, limits, clock.now);
      await limiter.recordFailure("old", "198.51.100.1");
      clock.advance(1000);
      await limiter.recordFailure("new", "198.51.100.2");
      const keys = (await t.database.db.selectFrom("loginAttempts").select("key").orderBy("key").execute()).map((r) => r.key);
      expect(keys).toEqual(["address:198.51.100.2", "login:new"]);
    });
  });
});
