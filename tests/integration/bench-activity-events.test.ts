import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { setDatabase } from "~/db/db.server";
import { verifyAuditChain } from "~/modules/audit/verify-chain.server";
import { appendBenchEvents } from "../../scripts/bench-activity/events";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** The Activity benchmark's events (npm run bench:activity) are a chain the portal's own check accepts. */
describe.each(testDialects)("the Activity benchmark's events on %s", (dialect) => {
  let t: TestDatabase;
  const end = new Date("2026-11-30T12:00:00.000Z");

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
    // A change the portal recorded first: the benchmark's events chain on after it.
    await auditedTransaction((trx) =>
      recordAudit(trx, {
        actor: "admin",
        action: "updateProvider",
        entity: "provider",
        entityId: "1001",
        before: { a: 1 },
        after: { a: 2 },
        at: new Date("2025-11-01T00:00:00Z"),
      }),
    );
    await appendBenchEvents(t.database, { count: 2_500, end });
  });
  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("verify as one unbroken chain after the portal's own events", async () => {
    expect(await verifyAuditChain()).toEqual({ verified: 2_501, broken: null });
  });

  it("span the year before their end in time order, with every outcome and many actors", async () => {
    const rows = await t.database.db.selectFrom("auditLog").select(["id", "at", "actor", "action", "outcome"]).where("id", ">", 1).orderBy("id").execute();
    expect(rows).toHaveLength(2_500);
    const times = rows.map((row) => new Date(row.at).getTime());
    expect(times.every((time, index) => index === 0 || time >= times[index - 1])).toBe(true);
    expect(times[times.length - 1]).toBe(end.getTime());
    expect(times[0]).toBeLessThan(end.getTime() - 364 * 86_400_000);
    expect(new Set(rows.map((row) => row.outcome))).toEqual(new Set(["done", "refused", "failed"]));
    expect(new Set(rows.map((row) => row.actor)).size).toBeGreaterThan(200);
    const signIns = rows.filter((row) => row.action === "signIn").length;
    expect(signIns / rows.length).toBeGreaterThan(0.4);
    expect(signIns / rows.length).toBeLessThan(0.6);
  });
});
