import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrationsFor } from "~/db/migrations";
import { insertProvider, insertShop } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { applySummaryWrite, summaryAndRaw } from "../support/summary-writes";

/**
 * Migration 0015 (decision 0093) on a database that already holds requests: the test shops'
 * figures are filled from them, and the triggers it creates again keep every summary table.
 */
describe.each(testDialects)("migration 0015 on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
    const migrations = migrationsFor(dialect);
    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo("0014-scan-request-window-indexes");
    expect(error).toBeUndefined();
    setDatabase(t.database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("fills the test shops' figures from the requests already there, and its triggers keep them", async () => {
    await insertProvider(1);
    await insertShop(10);
    await insertShop(13, { test: true });
    const request = (shopId: number, created: string, status: string) =>
      applySummaryWrite({
        kind: "insert request",
        providerId: 1,
        shopId,
        created,
        status,
        scanType: "Scan",
        details: { start: created, end: new Date(Date.parse(created) + 90_000).toISOString() },
      });
    await request(10, "2026-03-08T07:00:00.000Z", "COMPLETED");
    await request(13, "2026-03-08T07:00:00.000Z", "COMPLETED");
    await request(13, "2026-03-09T04:00:00.000Z", "FAILED");

    expect(await migrateToLatest(t.database)).toEqual(["0015-test-shop-figures", "0016-service-name-index"]);
    const migrated = await summaryAndRaw();
    expect(migrated.summary.testShopFigures).toEqual([
      "2026-03-08T06:00:00.000Z | 1 | COMPLETED | Scan | 1 | 90000 | 1",
      "2026-03-09T00:00:00.000Z | 1 | FAILED | Scan | 1 | 90000 | 1",
    ]);
    expect(migrated.summary).toEqual(migrated.raw);

    await applySummaryWrite({ kind: "set test shop", shopId: 10, test: true });
    await applySummaryWrite({ kind: "set test shop", shopId: 13, test: false });
    await request(10, "2026-03-08T07:30:00.000Z", "COMPLETED");
    const flipped = await summaryAndRaw();
    expect(flipped.summary.testShopFigures).toEqual(["2026-03-08T06:00:00.000Z | 1 | COMPLETED | Scan | 2 | 180000 | 2"]);
    expect(flipped.summary).toEqual(flipped.raw);
  });

  // SQLite has one writer at a time.
  it.runIf(dialect === "postgres")("counts a request written while its shop's flag changes in another transaction under the flag that commits", async () => {
    const native = t.database.native;
    if (native.dialect !== "postgres") throw new Error("PostgreSQL only");
    const flipping = await native.pool.connect();
    try {
      await flipping.query("begin");
      await flipping.query("update shops set is_internal = 'Y' where repair_facility_id = 13");
      // The other writer starts while the change is uncommitted: it must wait for it, not count its request under the old flag.
      const writing = native.pool.query(
        `insert into scan_requests (provider_id, shop_id, scan_type, status, type, created_date_time, last_modified_date_time)
         values (1, 13, 'Scan', 'COMPLETED', 'diagnostics', '2026-03-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z')`,
      );
      const waited = await Promise.race([writing.then(() => "written"), new Promise((resolve) => setTimeout(() => resolve("waiting"), 300))]);
      expect(waited).toBe("waiting");
      await flipping.query("commit");
      await writing;
    } finally {
      flipping.release();
    }
    const after = await summaryAndRaw();
    expect(after.summary.testShopFigures.some((line) => line.startsWith("2026-03-10T06:00:00.000Z | 1 | COMPLETED | Scan | 1 |"))).toBe(true);
    expect(after.summary).toEqual(after.raw);
  });
});
