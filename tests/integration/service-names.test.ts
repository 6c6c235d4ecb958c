import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, getDb } from "~/db/db.server";
import { MAX_SERVICE_NAMES, serviceNamesContaining } from "~/modules/transactions/service-names.server";
import { insertProvider, insertShop } from "../support/dashboard-world";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

/**
 * The Provider Service Name filter's names (decision 0094): the distinct names that contain the
 * text, ignoring case and taking wildcards literally, as the row-by-row match does; none past
 * MAX_SERVICE_NAMES distinct names, where the filter matches row by row again.
 */
describe.each(testDialects)("the provider service names a filter's text finds, on %s", (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    setDatabase(t.database);
    await insertProvider(1);
    await insertShop(10);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  async function insertNamed(names: ReadonlyArray<string | null>): Promise<void> {
    await getDb()
      .insertInto("scanRequests")
      .values(
        names.map((providerServiceName) => ({
          providerId: 1,
          shopId: 10,
          scanType: "Scan",
          status: "COMPLETED",
          type: "diagnostics",
          providerServiceName,
          createdDateTime: "2026-11-20T12:00:00.000Z",
          lastModifiedDateTime: "2026-11-20T12:00:00.000Z",
        })),
      )
      .execute();
  }

  it("finds each distinct name once, ignoring case, with wildcards taken literally", async () => {
    await insertNamed(["Alpha Scan", "Alpha Scan", "alpha%scan", "Beta_Scan", "Gamma", null]);
    expect(await serviceNamesContaining("ALPHA")).toEqual(["Alpha Scan", "alpha%scan"]);
    expect(await serviceNamesContaining("a%s")).toEqual(["alpha%scan"]);
    expect(await serviceNamesContaining("_")).toEqual(["Beta_Scan"]);
    expect(await serviceNamesContaining("scan")).toEqual(["Alpha Scan", "Beta_Scan", "alpha%scan"].sort());
    expect(await serviceNamesContaining("delta")).toEqual([]);
  });

  it("gives no list past the most distinct names it reads", async () => {
    const present = (await serviceNamesContaining(""))?.length ?? 0;
    expect(present).toBe(4);
    await insertNamed(Array.from({ length: MAX_SERVICE_NAMES - present }, (_, index) => `Service ${String(index).padStart(4, "0")}`));
    expect(await serviceNamesContaining("Service 0000")).toEqual(["Service 0000"]);
    await insertNamed(["One name too many"]);
    expect(await serviceNamesContaining("Service 0000")).toBeNull();
  });
});
