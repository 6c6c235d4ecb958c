import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import type { TransactionRowDetail } from "~/modules/transactions/row-detail";
import { loader as transactionsLoader } from "~/routes/_shell.transactions._index";
import { loader as servicesLoader } from "~/routes/_shell.transactions.services";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader, type GridAnswer } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { signedInCookie } from "../support/signed-in-request";
import { testUser } from "../support/test-user";

/** The Transactions and Services loaders, called as functions with a signed-in request, on seeded demo data. */
const POWER = testUser("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = testUser("provider", ["DIP_PORTAL", "DIP_PROVIDER"], DEMO_PROVIDER_ID);
const PORTAL = testUser("portal", ["DIP_PORTAL"]);

type Loader = typeof transactionsLoader;
type Answer = GridAnswer<GridView<TransactionRowDetail>>;

async function open(loader: Loader, claims: UserClaims, path: string): Promise<Answer> {
  return openGridLoader<GridView<TransactionRowDetail>>(loader, await signedInCookie(claims), path);
}

async function view(loader: Loader, claims: UserClaims, path: string): Promise<GridView<TransactionRowDetail>> {
  return viewGridLoader<GridView<TransactionRowDetail>>(loader, await signedInCookie(claims), path);
}

describe.each(testDialects)("transactions and services grid pages on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 1500 });

  /** A wide window, so that every provider has rows in it. */
  const WIDE = "from=2025-01-01";

  it("shows a page of the last week to staff, newest first, with links to the details and grayed test shops", async () => {
    const page = await view(transactionsLoader, POWER, "/transactions");
    const db = portal.db();
    const since = page.state.from ?? "";
    const inWindow = await db.selectFrom("scanRequests").select(["scanRequestId", "shopId"]).where("createdDateTime", ">=", `${since}T00:00:00.000Z`).execute();
    expect(page.total).toBeGreaterThan(0);
    // The window starts at midnight in America/Chicago, a few hours after midnight UTC.
    expect(page.total).toBeLessThanOrEqual(inWindow.length);
    expect(page.rows.length).toBe(Math.min(20, page.total ?? 0));
    const ids = page.rows.map((row) => Number(row.id));
    expect(ids).toEqual(ids.map((id) => id).sort((a, b) => b - a));
    for (const row of page.rows)
      expect(row.links).toEqual({
        scanRequestId: `/transactions/${row.id}?${new URLSearchParams({ back: page.search ? `/transactions?${page.search}` : "/transactions" })}`,
      });
    // The visible columns' values are sent, and the two the Available Actions rule reads.
    expect(Object.keys(page.rows[0].cells).sort()).toEqual([...page.state.cols, "scanType", "status"].filter((id, i, all) => all.indexOf(id) === i).sort());
    const internal = new Set((await db.selectFrom("shops").select("repairFacilityId").where("isInternal", "=", "Y").execute()).map((s) => s.repairFacilityId));
    const test = await view(transactionsLoader, POWER, `/transactions?${WIDE}&isTest=Y&cols=scanRequestId,shopId`);
    expect(test.total).toBeGreaterThan(0);
    expect(test.rows.every((row) => row.muted === true && internal.has(Number(row.cells.shopId)))).toBe(true);
  });

  it("offers the filter options of configuration and the database", async () => {
    const page = await view(transactionsLoader, POWER, "/transactions?panel=filters");
    const providers = await portal.db().selectFrom("providers").select(["providerId", "providerCd", "version"]).execute();
    const offered = new Set(page.options.provider.map((option) => Number(option.value)));
    for (const provider of providers) expect(offered.has(provider.providerId)).toBe(provider.version === "2.0" && provider.providerCd !== "AHMC");
    const labels = page.options.provider.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const statuses = page.options.providerScanStatus.map((option) => option.value);
    expect(statuses).toEqual([...statuses].sort());
    expect(page.options.status).toContainEqual({ value: "failed (provider failure)", label: "FAILED (Provider Failure)" });
    const shopNames = page.options.shop.map((option) => option.label.replace(/ \(\d+\)$/, ""));
    expect(shopNames.length).toBeGreaterThan(10);
    const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    expect(shopNames).toEqual([...shopNames].sort(byName.compare));
  });

  it("reads lower-cased statuses in the URL as the stored ones", async () => {
    const page = await view(transactionsLoader, POWER, `/transactions?${WIDE}&status=failed&status=cancelled`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.cells.status === "FAILED" || row.cells.status === "CANCELLED")).toBe(true);
  });

  it("keeps a provider-only user on their provider whatever the URL says", async () => {
    expect(await open(transactionsLoader, PROVIDER, "/transactions")).toMatchObject({ status: 302, location: `/transactions?provider=${DEMO_PROVIDER_ID}` });
    const crossing = await open(transactionsLoader, PROVIDER, "/transactions?provider=1002");
    expect(crossing).toMatchObject({
      status: 302,
      location: `/transactions?provider=${DEMO_PROVIDER_ID}`,
      correctedLines: ["Provider is fixed for your account."],
    });
    const page = await view(transactionsLoader, PROVIDER, `/transactions?provider=${DEMO_PROVIDER_ID}&${WIDE}&cols=scanRequestId,providerId&panel=filters`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.locked).toEqual({ provider: [String(DEMO_PROVIDER_ID)] });
    expect(page.rows.every((row) => row.cells.providerId === String(DEMO_PROVIDER_ID))).toBe(true);
    const ownShops = await portal
      .db()
      .selectFrom("shopRegistrations")
      .select("shopId")
      .where("providerId", "=", DEMO_PROVIDER_ID)
      .where("isActive", "=", 1)
      .execute();
    const allowed = new Set(ownShops.map((shop) => String(shop.shopId)));
    expect(page.options.shop.length).toBe(allowed.size);
    expect(page.options.shop.every((option) => allowed.has(option.value))).toBe(true);
  });

  it("expands a row with its shop's details, never another provider's row for a provider-only user", async () => {
    const db = portal.db();
    const own = await db
      .selectFrom("scanRequests")
      .select(["scanRequestId", "shopId"])
      .where("providerId", "=", DEMO_PROVIDER_ID)
      .where("createdDateTime", ">=", "2025-01-02")
      .orderBy("scanRequestId", "desc")
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom("scanRequests")
      .select("scanRequestId")
      .where("providerId", "!=", DEMO_PROVIDER_ID)
      .where("createdDateTime", ">=", "2025-01-02")
      .executeTakeFirstOrThrow();
    const shop = await db.selectFrom("shops").selectAll().where("repairFacilityId", "=", own.shopId).executeTakeFirstOrThrow();

    const expanded = await view(transactionsLoader, PROVIDER, `/transactions?provider=${DEMO_PROVIDER_ID}&${WIDE}&expanded=${own.scanRequestId}`);
    expect(expanded.detail).toMatchObject({
      scanRequestId: own.scanRequestId,
      shopId: own.shopId,
      shop: { licenseKey: shop.licenseNum ?? "", shopName: shop.custName, city: shop.city ?? "", stateCode: shop.stateCd ?? "", zipCode: shop.zip ?? "" },
    });
    expect(expanded.detail?.shop?.fullAddress).toContain(shop.city ?? "");
    expect(expanded.detail?.providerName.length).toBeGreaterThan(0);

    const refused = await view(transactionsLoader, PROVIDER, `/transactions?provider=${DEMO_PROVIDER_ID}&${WIDE}&expanded=${other.scanRequestId}`);
    expect(refused.detail).toBeNull();
    const staff = await view(transactionsLoader, POWER, `/transactions?${WIDE}&expanded=${other.scanRequestId}`);
    expect(staff.detail?.scanRequestId).toBe(other.scanRequestId);
    // Past PostgreSQL's 32-bit keys: no details, not a query error.
    expect((await view(transactionsLoader, POWER, `/transactions?${WIDE}&expanded=99999999999`)).detail).toBeNull();
  });

  it("asks only for services on the services grid, linking to the service details", async () => {
    const page = await view(servicesLoader, POWER, `/transactions/services?${WIDE}`);
    expect(page.total).toBeGreaterThan(0);
    // Type is always 'services' here: not a default column, still one to choose.
    expect(page.rows.every((row) => row.cells.type === undefined)).toBe(true);
    const withType = await view(servicesLoader, POWER, `/transactions/services?${WIDE}&cols=scanRequestId,type`);
    expect(withType.rows.length).toBeGreaterThan(0);
    expect(withType.rows.every((row) => row.cells.type === "services")).toBe(true);
    for (const row of page.rows)
      expect(row.links).toEqual({
        scanRequestId: `/transactions/services/${row.id}?${new URLSearchParams({ back: page.search ? `/transactions/services?${page.search}` : "/transactions/services" })}`,
      });
    const diagnostics = await portal
      .db()
      .selectFrom("scanRequests")
      .select("scanRequestId")
      .where("type", "=", "diagnostics")
      .where("createdDateTime", ">=", "2025-01-02")
      .executeTakeFirstOrThrow();
    expect((await view(servicesLoader, POWER, `/transactions/services?${WIDE}&expanded=${diagnostics.scanRequestId}`)).detail).toBeNull();
    // The services grid has no type filter.
    expect(await open(servicesLoader, POWER, `/transactions/services?${WIDE}&type=diagnostics`)).toMatchObject({
      status: 302,
      correctedLines: ['"type" is not a filter of this grid (ignored).'],
    });
    // Nor a Billable filter: the grid has no Billable column.
    expect(await open(servicesLoader, POWER, `/transactions/services?${WIDE}&billable=Y`)).toMatchObject({
      status: 302,
      correctedLines: ['"billable" is not a filter of this grid (ignored).'],
    });
  });

  it("remembers each grid's query separately", async () => {
    const someone = testUser("rememberer", ["DIP_POWER"]);
    await view(transactionsLoader, someone, "/transactions?vin=1F&size=50");
    await view(servicesLoader, someone, "/transactions/services?size=10");
    expect(await open(transactionsLoader, someone, "/transactions")).toMatchObject({ status: 302, location: "/transactions?vin=1F&size=50" });
    expect(await open(servicesLoader, someone, "/transactions/services")).toMatchObject({ status: 302, location: "/transactions/services?size=10" });
  });

  it("shows the 404 page to a user without the transactions page", async () => {
    expect(await open(transactionsLoader, PORTAL, "/transactions")).toMatchObject({ status: 404 });
    expect(await open(servicesLoader, PORTAL, "/transactions/services")).toMatchObject({ status: 404 });
  });
});
