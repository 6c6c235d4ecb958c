import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { PRUNE_ACTION, pruneAuditLog, scheduleAuditRetention } from "~/db/audit-retention.server";
import { getDatabase, getDb, setDatabase } from "~/db/db.server";
import type { Logger } from "~/lib/logger.server";
import { verifyAuditChain } from "~/modules/audit/verify-chain.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * Retention of the audit log (issue 29, decision 0088), on SQLite and PostgreSQL: pruning removes
 * the events older than the setting's days as an id prefix, records itself as an event, and the
 * chain is verified from that event's mark; an event edited or removed after it still breaks it.
 */
const DAY_MS = 86_400_000;
const NOW = new Date("2026-11-30T12:00:00.000Z");

describe.each(testDialects)("the audit log's retention on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  beforeEach(async () => {
    await getDb().deleteFrom("auditLog").execute();
  });

  /** Events `daysAgo` before NOW, oldest first, one a minute apart; their ids. */
  async function write(daysAgo: number[]): Promise<number[]> {
    for (const [index, days] of daysAgo.entries()) {
      await auditedTransaction((trx) =>
        recordAudit(trx, {
          actor: "admin",
          action: "updateEtlVariable",
          entity: "etlVariable",
          entityId: String(index),
          before: { value: index },
          after: { value: index + 1 },
          at: new Date(NOW.getTime() - days * DAY_MS + index * 60_000),
        }),
      );
    }
    return (await getDb().selectFrom("auditLog").select("id").orderBy("id").execute()).map((row) => row.id);
  }

  it("removes the events older than the days kept, records the prune, and verifies the segment from its mark", async () => {
    const ids = await write([40, 39, 38, 35, 31, 10, 5, 1]);
    expect(await pruneAuditLog(getDatabase(), 30, NOW)).toEqual({ removed: 5, firstKeptId: ids[5] });
    const rows = await getDb().selectFrom("auditLog").selectAll().orderBy("id").execute();
    expect(rows.map((row) => row.id).slice(0, 3)).toEqual(ids.slice(5));
    const prune = rows[rows.length - 1];
    expect(prune).toMatchObject({ actor: "(retention)", action: PRUNE_ACTION, entity: "auditLog", entityId: null, outcome: "done" });
    expect(JSON.parse(String(prune.afterValue))).toMatchObject({ firstKeptId: ids[5], removed: 5, previousHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await verifyAuditChain()).toEqual({ verified: 4, broken: null, prunedBy: prune.id });
    // The same day again: nothing older is left, nothing is recorded.
    expect(await pruneAuditLog(getDatabase(), 30, NOW)).toEqual({ removed: 0, firstKeptId: ids[5] });
    expect(await getDb().selectFrom("auditLog").select("id").execute()).toHaveLength(4);
  });

  it("still names an event edited after the prune, and the first kept event removed", async () => {
    const ids = await write([50, 45, 3, 2, 1]);
    await pruneAuditLog(getDatabase(), 30, NOW);
    await getDb().updateTable("auditLog").set({ actor: "someone else" }).where("id", "=", ids[3]).execute();
    expect(await verifyAuditChain()).toMatchObject({ verified: 1, broken: { id: ids[3] } });
    await getDb().deleteFrom("auditLog").where("id", "=", ids[2]).execute();
    expect(await verifyAuditChain()).toMatchObject({ verified: 0, broken: { id: ids[3] } });
  });

  it("keeps the chain verifiable when every event was older: the prune event is the segment's first", async () => {
    await write([90, 80, 70]);
    expect(await pruneAuditLog(getDatabase(), 30, NOW)).toEqual({ removed: 3, firstKeptId: null });
    const rows = await getDb().selectFrom("auditLog").select(["id", "action"]).execute();
    expect(rows.map((row) => row.action)).toEqual([PRUNE_ACTION]);
    expect(await verifyAuditChain()).toEqual({ verified: 1, broken: null, prunedBy: rows[0].id });
  });

  it("prunes at once and then on its schedule when a retention is set; nothing at all without one", async () => {
    const lines: string[] = [];
    const logger = { info: (message: string) => lines.push(message), error: (message: string) => lines.push(message) } as unknown as Logger;
    await write([400, 300, 1]);
    const none = scheduleAuditRetention(getDatabase(), null, logger);
    none();
    expect(await getDb().selectFrom("auditLog").select("id").execute()).toHaveLength(3);
    const stop = scheduleAuditRetention(getDatabase(), 365, logger, 60_000);
    await expect.poll(() => lines).toEqual(["Audit events pruned"]);
    stop();
    const actions = (await getDb().selectFrom("auditLog").select("action").orderBy("id").execute()).map((row) => row.action);
    expect(actions).toEqual(["updateEtlVariable", "updateEtlVariable", PRUNE_ACTION]);
    expect(await verifyAuditChain()).toMatchObject({ verified: 3, broken: null });
  });
});
