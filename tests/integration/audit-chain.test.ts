import { spawnSync } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { chainHash } from "~/db/audit-chain";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { connectDatabase } from "~/db/connect.server";
import { getDb, setDatabase } from "~/db/db.server";
import { chainExistingRows } from "~/db/migrations/0012-audit-chain";
import { verifyAuditChain } from "~/modules/audit/verify-chain.server";
import { createPostgresDatabase, createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/** The audit log's hash chain (issue 29, decision 0084): written by recordAudit, checked by verifyAuditChain. */
describe.each(testDialects)("the audit log's hash chain on %s", (dialect) => {
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

  async function write(count: number): Promise<number[]> {
    for (let index = 0; index < count; index++) {
      await auditedTransaction((trx) =>
        recordAudit(trx, {
          actor: `user${index % 3}`,
          action: "update",
          entity: "configuration",
          entityId: String(index),
          // Keys out of order and nested: PostgreSQL's jsonb gives them back in its own order.
          before: index % 4 === 0 ? null : { zeta: index, alpha: { b: [1, "two"], a: "é" } },
          after: { value: `v${index}`, alpha: 1.5, flag: true },
          at: new Date(Date.UTC(2026, 10, 30, 1, 2, index, 345)),
        }),
      );
    }
    const rows = await getDb().selectFrom("auditLog").select("id").orderBy("id").execute();
    return rows.map((row) => row.id);
  }

  it("holds for rows written one after another", async () => {
    const ids = await write(12);
    expect(ids).toHaveLength(12);
    expect(await verifyAuditChain()).toEqual({ verified: 12, broken: null });
  });

  it("holds for rows written by transactions at the same time", async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        auditedTransaction(async (trx) => {
          for (let entry = 0; entry < 3; entry++) {
            await recordAudit(trx, {
              actor: `u${index}`,
              action: "assign",
              entity: "user",
              entityId: String(entry),
              before: null,
              after: [entry],
              at: new Date(),
            });
          }
        }),
      ),
    );
    expect(await verifyAuditChain()).toEqual({ verified: 24, broken: null });
  });

  it("names the row edited by hand", async () => {
    const ids = await write(10);
    await getDb()
      .updateTable("auditLog")
      .set({ afterValue: JSON.stringify({ value: "forged", alpha: 1.5, flag: true }) })
      .where("id", "=", ids[6])
      .execute();
    expect(await verifyAuditChain()).toEqual({ verified: 6, broken: { id: ids[6], reason: expect.stringContaining("edited") } });
  });

  it("names the row after one removed, and a row whose hash was taken away", async () => {
    const ids = await write(10);
    await getDb().deleteFrom("auditLog").where("id", "=", ids[3]).execute();
    expect(await verifyAuditChain()).toMatchObject({ verified: 3, broken: { id: ids[4] } });
    await getDb().deleteFrom("auditLog").execute();
    const again = await write(5);
    await getDb().updateTable("auditLog").set({ hash: null }).where("id", "=", again[2]).execute();
    expect(await verifyAuditChain()).toEqual({ verified: 2, broken: { id: again[2], reason: "it has no hash" } });
  });

  it("is written only in an audited transaction, whose lock comes first", async () => {
    await expect(
      getDb()
        .transaction()
        .execute((trx) => recordAudit(trx, { actor: "a", action: "x", entity: "e", entityId: null, before: null, after: null, at: new Date() })),
    ).rejects.toThrow("auditedTransaction");
    expect(await getDb().selectFrom("auditLog").select("id").execute()).toEqual([]);
  });

  it("keeps the hashes of rows written before outcomes existed, and covers a refused or failed event's outcome", async () => {
    const ids = await write(3);
    const unchanged = await getDb().selectFrom("auditLog").select(["id", "hash", "outcome"]).orderBy("id").execute();
    expect(unchanged.map((row) => row.outcome)).toEqual(["done", "done", "done"]);
    // A row's hash as decision 0084 defined it, before the outcome column: 'done' is hashed as no outcome.
    const first = await getDb().selectFrom("auditLog").selectAll().where("id", "=", ids[0]).executeTakeFirstOrThrow();
    const { outcome: _outcome, ...withoutOutcome } = first;
    expect(chainHash(null, withoutOutcome)).toBe(first.hash);
    for (const outcome of ["refused", "failed"] as const) {
      await auditedTransaction((trx) =>
        recordAudit(trx, {
          actor: "power",
          action: "deleteDevice",
          entity: "deviceRegistration",
          entityId: "7",
          before: null,
          after: { reason: "x" },
          at: new Date(),
          outcome,
        }),
      );
    }
    const rows = await getDb().selectFrom("auditLog").select(["id", "outcome"]).orderBy("id").execute();
    expect(rows.map((row) => row.outcome)).toEqual(["done", "done", "done", "refused", "failed"]);
    expect(await verifyAuditChain()).toEqual({ verified: 5, broken: null });
    // Turning a refusal into a change made, or the other way round, breaks the link at that row.
    await getDb().updateTable("auditLog").set({ outcome: "done" }).where("id", "=", rows[3].id).execute();
    expect(await verifyAuditChain()).toMatchObject({ verified: 3, broken: { id: rows[3].id } });
    await getDb().updateTable("auditLog").set({ outcome: "refused" }).where("id", "=", rows[3].id).execute();
    await getDb().updateTable("auditLog").set({ outcome: "refused" }).where("id", "=", ids[1]).execute();
    expect(await verifyAuditChain()).toMatchObject({ verified: 1, broken: { id: ids[1] } });
  });

  it("chains a log written before the chain existed (the migration's backfill)", async () => {
    await write(7);
    await sql`update audit_log set hash = null`.execute(getDb());
    expect((await verifyAuditChain()).broken).not.toBeNull();
    await chainExistingRows(getDb());
    expect(await verifyAuditChain()).toEqual({ verified: 7, broken: null });
  });
});

/** Runs `npm run audit:verify`'s script the way npm does (tsx), against the database `env` names. */
function runVerify(env: Record<string, string>): { status: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: `${result.stdout}${result.stderr}` };
}

describe.each(testDialects)("npm run audit:verify on %s", (dialect) => {
  let t: TestDatabase;
  let env: Record<string, string>;
  let drop = async () => undefined as void;

  beforeAll(async () => {
    if (dialect === "sqlite") {
      t = await createTestDatabase("sqlite");
      env = { DATA_DIR: t.dataDir };
    } else {
      // The command needs the database's address, which createTestDatabase keeps to itself.
      const created = await createPostgresDatabase("portal_test", { template: inject("postgresTemplate") });
      drop = created.drop;
      const database = await connectDatabase({ databaseUrl: created.url, sqliteFile: "" });
      t = { name: "postgres", database, dataDir: "", cleanup: () => database.close() };
      env = { DATABASE_URL: created.url };
    }
    setDatabase(t.database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
    await drop();
  });

  it("passes on a fresh database and on a chained log, and names the event edited by hand", async () => {
    expect(runVerify(env)).toEqual({ status: 0, stdout: expect.stringContaining("The audit log's chain holds: 0 events verified") });
    for (let index = 0; index < 4; index++) {
      await auditedTransaction((trx) =>
        recordAudit(trx, {
          actor: "admin",
          action: "saveConfiguration",
          entity: "configuration",
          entityId: String(index),
          before: { v: index },
          after: { v: index + 1 },
          at: new Date(),
        }),
      );
    }
    expect(runVerify(env)).toEqual({ status: 0, stdout: expect.stringContaining("4 events verified") });
    const third = await getDb().selectFrom("auditLog").select("id").orderBy("id").offset(2).limit(1).executeTakeFirstOrThrow();
    await getDb().updateTable("auditLog").set({ actor: "someone else" }).where("id", "=", third.id).execute();
    const broken = runVerify(env);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(`The audit log's chain is broken at event ${third.id}`);
    expect(broken.stdout).toContain("2 events before it verified");
  }, 60_000);
});
