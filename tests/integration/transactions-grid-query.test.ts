import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/db/db.server";
import type { Row } from "~/db/types";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";
import { findTransactionsPage, normaliseLicense, type TransactionQuery } from "~/modules/transactions/grid-query.server";
import { seedDatabase } from "../../seed/index.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const TIME_ZONE = "America/Chicago";

function state(patch: Partial<GridState> = {}): GridState {
  return {
    page: 1,
    size: 20,
    sort: "createdDateTime",
    dir: "desc",
    cols: [],
    expanded: null,
    panel: null,
    from: "2026-09-01",
    to: "2026-11-21",
    filters: {},
    params: {},
    ...patch,
  };
}

describe.each(testDialects)("transactions grid query on %s", (dialect) => {
  let t: TestDatabase;
  let all: Row<"scanRequests">[];
  let internalShops: Set<number>;
  let providerNames: Map<number, string>;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDatabase(t.database, { scale: 1500, dataDir: t.dataDir, demoPassword: "demo-portal", anchor: ANCHOR });
    setDatabase(t.database);
    all = await t.database.db.selectFrom("scanRequests").selectAll().execute();
    internalShops = new Set(
      (await t.database.db.selectFrom("shops").select("repairFacilityId").where("isInternal", "=", "Y").execute()).map((s) => s.repairFacilityId),
    );
    providerNames = new Map((await t.database.db.selectFrom("providers").select(["providerId", "providerName"]).execute()).map((p) => [p.providerId, p.providerName]));
  });
  afterAll(async () => {
    setDatabase(undefined);
    await t?.cleanup();
  });

  /** The oracle: the same filter in plain JavaScript over every row. */
  function expected(query: TransactionQuery, keep: (row: Row<"scanRequests">) => boolean = () => true) {
    const { start, end } = utcDayBounds(query.state.from ?? "1900-01-01", query.state.to ?? "2999-01-01", TIME_ZONE);
    return all
      .filter((row) => row.createdDateTime >= start && row.createdDateTime < end)
      .filter((row) => !query.scope.restricted || row.providerId === query.scope.providerId)
      .filter(keep)
      .sort((a, b) => (b.createdDateTime.localeCompare(a.createdDateTime)) || b.scanRequestId - a.scanRequestId);
  }

  async function check(query: TransactionQuery, keep?: (row: Row<"scanRequests">) => boolean) {
    const want = expected(query, keep);
    const got = await findTransactionsPage(query);
    expect(got.total).toBe(want.length);
    expect(got.rows.map((row) => row.scanRequestId)).toEqual(
      want.slice((query.state.page - 1) * query.state.size, query.state.page * query.state.size).map((row) => row.scanRequestId),
    );
    return got;
  }

  const everyone = { restricted: false } as const;

  it("pages the date window newest first, with the total", async () => {
    const first = await check({ state: state(), timeZone: TIME_ZONE, scope: everyone });
    expect(first.total).toBeGreaterThan(100);
    expect(first.rows[0].providerName).toBe(providerNames.get(first.rows[0].providerId));
    await check({ state: state({ page: 3, size: 10 }), timeZone: TIME_ZONE, scope: everyone });
  });

  it("keeps a provider-only user inside their provider whatever the filters say", async () => {
    const providerId = all[0].providerId;
    const otherProvider = all.find((row) => row.providerId !== providerId)!.providerId;
    const scope = { restricted: true, providerId, providerName: null } as const;
    await check({ state: state(), timeZone: TIME_ZONE, scope });
    const crossing = await findTransactionsPage({ state: state({ filters: { provider: [String(otherProvider)] } }), timeZone: TIME_ZONE, scope });
    expect(crossing.total).toBe(0);
  });

  it("filters by each kind of filter", async () => {
    const sample = expected({ state: state(), timeZone: TIME_ZONE, scope: everyone }).find((row) => row.vin && row.licenseNo)!;
    const q = (filters: Record<string, string[]>) => ({ state: state({ filters }), timeZone: TIME_ZONE, scope: everyone });
    await check(q({ vin: [sample.vin!.slice(0, 5)] }), (row) => !!row.vin?.startsWith(sample.vin!.slice(0, 5)));
    await check(q({ shopId: [String(sample.shopId)] }), (row) => row.shopId === sample.shopId);
    await check(q({ licenseNo: [String(Number(sample.licenseNo))] }), (row) => row.licenseNo === sample.licenseNo);
    await check(q({ provider: [String(sample.providerId)] }), (row) => row.providerId === sample.providerId);
    await check(q({ scanType: ["Calibration"] }), (row) => row.scanType === "Calibration");
    await check(q({ type: ["services"] }), (row) => row.type === "services");
    await check(q({ billable: ["N"] }), (row) => row.isBillable === 0);
    await check(q({ isTest: ["Y"] }), (row) => internalShops.has(row.shopId));
    await check(q({ isTest: ["N"] }), (row) => !internalShops.has(row.shopId));
    await check(q({ shop: [String(sample.shopId), "999999999"] }), (row) => row.shopId === sample.shopId);
    const service = sample.providerServiceName!.slice(2, 6).toLowerCase();
    await check(q({ providerServiceName: [service] }), (row) => !!row.providerServiceName?.toLowerCase().includes(service));
    await check(q({ providerServiceName: ["%"] }), (row) => !!row.providerServiceName?.includes("%"));
    // Make and provider scan type match exactly (the dashboard's narrowed cards link with them).
    const byMake = await check(q({ make: [sample.make!] }), (row) => row.make === sample.make);
    expect(byMake.total).toBeGreaterThan(0);
    await check(q({ make: [sample.make!.toLowerCase()] }), (row) => row.make === sample.make!.toLowerCase());
    const byBoth = await check(q({ make: [sample.make!], providerScanType: [sample.providerScanType!] }), (row) => row.make === sample.make && row.providerScanType === sample.providerScanType);
    expect(byBoth.total).toBeGreaterThan(0);
  });

  it("compares lower-cased status values with the stored ones", async () => {
    const storedValues = { status: new Map([["failed (provider failure)", "FAILED (Provider Failure)"], ["cancelled", "CANCELLED"]]) };
    const statuses = new Set(["FAILED (Provider Failure)", "CANCELLED"]);
    const got = await check(
      { state: state({ filters: { status: ["failed (provider failure)", "cancelled"] } }), timeZone: TIME_ZONE, scope: everyone, storedValues },
      (row) => statuses.has(row.status),
    );
    expect(got.total).toBeGreaterThan(0);
  });

  it("asks only for services on the services grid", async () => {
    await check({ state: state(), timeZone: TIME_ZONE, scope: everyone, requestType: "services" }, (row) => row.type === "services");
  });

  it("sorts by any sortable column, ties broken by request id", async () => {
    const got = await findTransactionsPage({ state: state({ sort: "providerName", dir: "asc", size: 50 }), timeZone: TIME_ZONE, scope: everyone });
    const names = got.rows.map((row) => row.providerName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("pads license numbers to six digits", () => {
    expect(normaliseLicense("1234")).toBe("001234");
    expect(normaliseLicense("001234")).toBe("001234");
    expect(normaliseLicense("12345678")).toBe("12345678");
    expect(normaliseLicense("0")).toBe("000000");
  });
});
