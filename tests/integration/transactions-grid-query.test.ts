import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "~/db/types";
import { findTransactionsPage, normaliseLicense } from "~/modules/transactions/grid-query.server";
import { serviceNamesContaining } from "~/modules/transactions/service-names.server";
import { testDialects } from "../support/databases";
import { gridStateWith } from "../support/grid-state";
import { newestFirstOracle } from "../support/newest-first-oracle";
import { setUpSeededPortal } from "../support/seeded-portal";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const TIME_ZONE = "America/Chicago";

const state = gridStateWith({ sort: "createdDateTime", from: "2026-09-01", to: "2026-11-21" });

describe.each(testDialects)("transactions grid query on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 1500, anchor: ANCHOR });
  let all: Row<"scanRequests">[];
  let internalShops: Set<number>;
  let providerNames: Map<number, string>;

  beforeAll(async () => {
    const db = portal.db();
    all = await db.selectFrom("scanRequests").selectAll().execute();
    internalShops = new Set((await db.selectFrom("shops").select("repairFacilityId").where("isInternal", "=", "Y").execute()).map((s) => s.repairFacilityId));
    providerNames = new Map((await db.selectFrom("providers").select(["providerId", "providerName"]).execute()).map((p) => [p.providerId, p.providerName]));
  });

  /** The oracle: the same filter in plain JavaScript over every row, newest first. */
  const { expected, check } = newestFirstOracle({
    stored: () => all,
    timeZone: TIME_ZONE,
    dated: (row: Row<"scanRequests">) => row.createdDateTime,
    id: (row) => row.scanRequestId,
    findPage: findTransactionsPage,
  });

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
    const byBoth = await check(
      q({ make: [sample.make!], providerScanType: [sample.providerScanType!] }),
      (row) => row.make === sample.make && row.providerScanType === sample.providerScanType,
    );
    expect(byBoth.total).toBeGreaterThan(0);
  });

  it("filters the provider service name by the names that contain the text, as matching each row does", async () => {
    const texts = ["subl", "SCAN", "re-", "%", "_", "\\", "no such service"];
    let found = 0;
    for (const text of texts) {
      const serviceNames = await serviceNamesContaining(text);
      expect(serviceNames).not.toBeNull();
      const got = await check(
        { state: state({ filters: { providerServiceName: [text] } }), timeZone: TIME_ZONE, scope: everyone, serviceNames },
        (row) => !!row.providerServiceName?.toLowerCase().includes(text.toLowerCase()),
      );
      found += got.total;
    }
    expect(found).toBeGreaterThan(0);
  });

  it("compares lower-cased status values with the stored ones", async () => {
    const storedValues = {
      status: new Map([
        ["failed (provider failure)", "FAILED (Provider Failure)"],
        ["cancelled", "CANCELLED"],
      ]),
    };
    const statuses = new Set(["FAILED (Provider Failure)", "CANCELLED"]);
    const got = await check(
      { state: state({ filters: { status: ["failed (provider failure)", "cancelled"] } }), timeZone: TIME_ZONE, scope: everyone, storedValues },
      (row) => statuses.has(row.status),
    );
    expect(got.total).toBeGreaterThan(0);
  });

  it("asks only for services on the services grid", async () => {
    const services = await check({ state: state(), timeZone: TIME_ZONE, scope: everyone, requestType: "services" }, (row) => row.type === "services");
    expect(services.total).toBeGreaterThan(0);
    const all = await check({ state: state(), timeZone: TIME_ZONE, scope: everyone });
    expect(all.total).toBeGreaterThan(services.total);
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
