import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import { emptyDatabase } from "../../seed/empty.server";
import { seedDatabase } from "../../seed/index.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";
import { applySummaryWrite, summaryAndRaw } from "../support/summary-writes";

/**
 * The seed loads with the summary's triggers off and rebuilds the summary at the end (decision
 * 0050): afterwards the tables equal a GROUP BY of the loaded rows, the triggers are back for the
 * next write, and emptying the database (TRUNCATE on PostgreSQL) empties the summary.
 */
describe.each(testDialects)("the seed and the dashboard's summary tables on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal" });
    setDatabase(t.database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  it("rebuilds the summary after the load, and its triggers keep it after", async () => {
    const seeded = await summaryAndRaw();
    expect(seeded.summary.figures.length).toBeGreaterThan(100);
    expect(seeded.summary.testShopFigures.length).toBeGreaterThan(0);
    expect(seeded.summary).toEqual(seeded.raw);
    const provider = await t.database.db.selectFrom("providers").select("providerId").orderBy("providerId").executeTakeFirstOrThrow();
    const shop = await t.database.db.selectFrom("shops").select("repairFacilityId").orderBy("repairFacilityId").executeTakeFirstOrThrow();
    await applySummaryWrite({
      kind: "insert request",
      providerId: provider.providerId,
      shopId: shop.repairFacilityId,
      created: "2026-03-08T05:30:00.000Z",
      status: "COMPLETED",
      scanType: "Scan",
      details: { start: "2026-03-08T05:30:00.000Z", end: "2026-03-08T05:31:00.500Z" },
    });
    const written = await summaryAndRaw();
    expect(written.summary).toEqual(written.raw);
    expect(written.summary.figures.length).toBeGreaterThan(seeded.summary.figures.length - 1);
  });

  it("is emptied with the database", async () => {
    await emptyDatabase(t.database);
    expect(await summaryAndRaw()).toEqual({
      summary: { figures: [], shopDays: [], testShopFigures: [] },
      raw: { figures: [], shopDays: [], testShopFigures: [] },
    });
  });
});
