import { beforeAll, describe, expect, it } from "vitest";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { oneProvider, SELECTABLE_PROVIDERS } from "~/modules/dashboard/scope";
import { registrationsByShopStatus, SHOP_STATUSES } from "~/modules/dashboard/shop-figures.server";
import { loader as gridLoader } from "~/routes/_shell.dashboard.kpi_.shopList";
import { loader as csvLoader } from "~/routes/dashboard.kpi.shopList[.]csv";
import { parseCsv } from "../support/csv-text";
import { insertProvider, insertRegistration, insertRequest } from "../support/dashboard-world";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpHandMadePortal } from "../support/hand-made-portal";
import { loaderArgs, pageRequest } from "../support/signed-in-request";

/**
 * The dashboard's Shop List (issue 15, decision 0046) on a hand-made data set: provider 1001 has
 * shop 10 Transacting, 11 and 14 Non-Transacting, 12 Deregistered and 13 a test shop; provider 1002
 * has shop 15 Transacting and shop 11's recent success, which must not make 1001's shop 11 Transacting;
 * provider 1003 (AHMC, which no one can choose) has shops 10 and 15, in no list of every provider.
 */
const POWER: UserClaims = {
  id: "u-sl-power",
  login: "sl-power",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_POWER"],
  companyId: null,
};
const PROVIDER: UserClaims = { ...POWER, id: "u-sl-provider", login: "sl-provider", roles: ["DIP_PORTAL", "DIP_PROVIDER"], companyId: 1001 };

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

type View = GridView<never>;

describe.each(testDialects)("Shop List on %s", (dialect) => {
  const portal = setUpHandMadePortal(dialect, {
    signedIn: { power: POWER, provider: PROVIDER },
    providers: [1001, 1002],
    shops: [10, 11, 12, 14, 15],
    testShops: [13],
    configurations: { PROVIDER_STATUS_OPTIONS: ["Success", "Pending", "Failed"] },
  });
  const { cookies } = portal;

  beforeAll(async () => {
    const db = portal.db();
    await db.updateTable("shops").set({ addrLine1: "5 Lake St", city: "Chicago", zip: "60601" }).where("repairFacilityId", "=", 14).execute();
    await db.updateTable("shops").set({ stateCd: "WI" }).where("repairFacilityId", "=", 12).execute();
    for (const shop of [10, 11, 13, 14]) await insertRegistration(1001, shop, { created: "2026-06-01T15:00:00.000Z" });
    await insertRegistration(1001, 12, { created: "2026-07-01T15:00:00.000Z", active: false });
    await insertRegistration(1002, 15, { created: "2026-08-01T15:00:00.000Z" });
    await insertProvider(1003, { code: "AHMC" });
    await insertRegistration(1003, 10, { created: "2026-08-01T15:00:00.000Z" });
    await insertRegistration(1003, 15, { created: "2026-08-01T15:00:00.000Z" });
    await insertRequest({ providerId: 1003, shopId: 10, created: daysAgo(2), status: "COMPLETED" });
    await db.updateTable("shopRegistrations").set({ providerStatus: null }).where("shopId", "=", 14).execute();
    await db.updateTable("shopRegistrations").set({ providerStatus: "Pending" }).where("shopId", "=", 11).execute();
    await insertRequest({ providerId: 1001, shopId: 10, created: daysAgo(2), status: "COMPLETED" });
    await insertRequest({ providerId: 1001, shopId: 11, created: daysAgo(40), status: "COMPLETED" });
    await insertRequest({ providerId: 1001, shopId: 11, created: daysAgo(1), status: "FAILED" });
    await insertRequest({ providerId: 1001, shopId: 12, created: daysAgo(1), status: "COMPLETED" });
    await insertRequest({ providerId: 1001, shopId: 13, created: daysAgo(1), status: "COMPLETED" });
    await insertRequest({ providerId: 1002, shopId: 11, created: daysAgo(1), status: "COMPLETED" });
    await insertRequest({ providerId: 1002, shopId: 15, created: daysAgo(3), status: "COMPLETED" });
  }, 60_000);

  const view = (path: string, cookie = cookies.power) => viewGridLoader<View>(gridLoader, cookie, path);
  const shopIds = (page: View) => page.rows.map((row) => row.cells.shopId);

  it("lists the provider's registrations by shop name with their status, test shops left out", async () => {
    const page = await view("/dashboard/kpi/shopList?provider=1001");
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => [row.cells.shopId, row.cells.status, row.cells.providerStatus])).toEqual([
      ["10", "Transacting", "Success"],
      ["11", "Non-Transacting", "Pending"],
      ["12", "Deregistered", "Success"],
      ["14", "Non-Transacting", "--"],
    ]);
    expect(page.rows[3].cells).toMatchObject({ license: "000014", shopName: "Shop 14", address: "5 Lake St", city: "Chicago", state: "IL", zip: "60601" });
    expect(page.rows[0].cells.regisStatus).toMatch(/^2026-06-01 \d\d:\d\d:\d\d$/);
  });

  it("totals each status, and any choice of them, as the Shop List card counts them", async () => {
    for (const providerId of [1001, 1002, null]) {
      const counts = await registrationsByShopStatus({ providers: providerId ? oneProvider(providerId) : SELECTABLE_PROVIDERS, shopIds: null }, new Date());
      const provider = providerId ? `provider=${providerId}&` : "";
      for (const status of SHOP_STATUSES) {
        expect((await view(`/dashboard/kpi/shopList?${provider}status=${status}`)).total, `${status} of ${provider}`).toBe(counts[status]);
      }
      const active = await view(`/dashboard/kpi/shopList?${provider}status=Transacting&status=Non-Transacting`);
      expect(active.total).toBe(counts.Transacting + counts["Non-Transacting"]);
    }
    expect(await registrationsByShopStatus({ providers: oneProvider(1001), shopIds: null }, new Date())).toEqual({
      Transacting: 1,
      "Non-Transacting": 2,
      Deregistered: 1,
    });
    expect(await registrationsByShopStatus({ providers: SELECTABLE_PROVIDERS, shopIds: null }, new Date())).toEqual({
      Transacting: 2,
      "Non-Transacting": 2,
      Deregistered: 1,
    });
  });

  it("lists every provider one can choose when none is chosen, each row with its provider, by default and in the CSV", async () => {
    // (The bare address would bring back this user's last query: any other names no provider as well.)
    const every = await view("/dashboard/kpi/shopList?size=50");
    // 1001's four and 1002's one; not AHMC's two.
    expect(every.total).toBe(5);
    expect(every.state.cols).toContain("providerName");
    expect(every.rows.map((row) => [row.cells.shopId, row.cells.providerName])).toEqual([
      ["10", "Provider 1001"],
      ["11", "Provider 1001"],
      ["12", "Provider 1001"],
      ["14", "Provider 1001"],
      ["15", "Provider 1002"],
    ]);
    // One provider: the column is in the chooser, not shown until chosen.
    const one = await view("/dashboard/kpi/shopList?provider=1001");
    expect(one.state.cols).not.toContain("providerName");
    const chosen = await view(`/dashboard/kpi/shopList?provider=1001&cols=${[...one.state.cols, "providerName"].join(",")}`);
    expect(chosen.rows.map((row) => row.cells.providerName)).toEqual(["Provider 1001", "Provider 1001", "Provider 1001", "Provider 1001"]);
    // Sorted by provider, then as the grid's fallback order.
    const sorted = await view("/dashboard/kpi/shopList?sort=providerName&dir=desc");
    expect(sorted.rows[0].cells.providerName).toBe("Provider 1002");

    const csv = (await csvLoader(loaderArgs(pageRequest("/dashboard/kpi/shopList.csv?status=Transacting", cookies.power)))) as Response;
    const records = parseCsv(await csv.text());
    expect(records[0]).toEqual([
      "Shop Id",
      "License #",
      "Shop Name",
      "Provider",
      "Address",
      "City",
      "State",
      "Zip",
      "Registered (America/Chicago)",
      "Status",
      "Provider Status",
    ]);
    expect(records.slice(1).map((record) => [record[0], record[3]])).toEqual([
      ["10", "Provider 1001"],
      ["15", "Provider 1002"],
    ]);
  });

  it("filters by shop id, license, name, address, city, state, zip and provider status", async () => {
    const filtered = async (query: string) => shopIds(await view(`/dashboard/kpi/shopList?provider=1001&${query}`));
    expect(await filtered("shopId=14")).toEqual(["14"]);
    expect(await filtered("license=11")).toEqual(["11"]);
    expect(await filtered("shopName=shop%201")).toEqual(["10", "11", "12", "14"]);
    expect(await filtered("address=lake")).toEqual(["14"]);
    expect(await filtered("city=chic")).toEqual(["14"]);
    expect(await filtered("state=wi")).toEqual(["12"]);
    expect(await filtered("zip=606")).toEqual(["14"]);
    expect(await filtered("providerStatus=NA")).toEqual(["14"]);
    expect(await filtered("providerStatus=Pending")).toEqual(["11"]);
  });

  it("refuses values the filters do not take, visibly", async () => {
    const answer = await openGridLoader<View>(
      gridLoader,
      cookies.power,
      "/dashboard/kpi/shopList?provider=1001&shopId=12a&state=W1&zip=123456789&status=Active",
    );
    expect(answer).toMatchObject({ status: 302 });
    if (!("correctedLines" in answer)) throw new Error("expected a correction");
    expect(answer.location).toBe("/dashboard/kpi/shopList?provider=1001");
    expect(answer.correctedLines.join(" ")).toMatch(/Shop Id takes digits only.*State takes letters only.*Zip is at most 8.*Status has no option/);
  });

  it("keeps a provider-only user to their own provider's shops, whatever the URL, and in the CSV", async () => {
    for (const query of ["", "?provider=1002", "?status=Transacting"]) {
      const page = await view(`/dashboard/kpi/shopList${query}`, cookies.provider);
      expect(page.rows.length, query).toBeGreaterThan(0);
      expect(shopIds(page)).not.toContain("15");
      expect(page.state.filters.provider).toEqual(["1001"]);
    }
    const other = await view("/dashboard/kpi/shopList?provider=1002&shopId=15", cookies.provider);
    expect(other.total).toBe(0);
    const csv = (await csvLoader(loaderArgs(pageRequest("/dashboard/kpi/shopList.csv?provider=1002", cookies.provider)))) as Response;
    const records = parseCsv(await csv.text());
    expect(records.slice(1).map((record) => record[0])).toEqual(["10", "11", "12", "14"]);
  });

  it("exports the grid's query as Registered-Shop-List.csv", async () => {
    const csv = (await csvLoader(loaderArgs(pageRequest("/dashboard/kpi/shopList.csv?provider=1001&status=Non-Transacting", cookies.power)))) as Response;
    expect(csv.headers.get("Content-Disposition")).toContain('filename="Registered-Shop-List.csv"');
    const records = parseCsv(await csv.text());
    expect(records[0]).toEqual([
      "Shop Id",
      "License #",
      "Shop Name",
      "Address",
      "City",
      "State",
      "Zip",
      "Registered (America/Chicago)",
      "Status",
      "Provider Status",
    ]);
    expect(records.slice(1).map((record) => [record[0], record[8], record[9]])).toEqual([
      ["11", "Non-Transacting", "Pending"],
      ["14", "Non-Transacting", ""],
    ]);
  });
});
