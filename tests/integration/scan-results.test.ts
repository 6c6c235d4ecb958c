import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID, REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import { addDays, todayIn } from "~/grid/dates";
import type { GridView } from "~/grid/grid-view";
import { cellDateTime } from "~/lib/date-format";
import type { ScanResultRowDetail } from "~/modules/scan-results/row-detail";
import { loader as scanResultsLoader } from "~/routes/_shell.transactions.scanResults";
import { loader as scanResultsCsv } from "~/routes/transactions.scanResults[.]csv";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader, type GridAnswer } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { loaderArgs, pageRequest, signedInCookie } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/** The Scan Results loader and its CSV route, called as functions with a signed-in request, on seeded demo data. */
function user(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-sr-${login}`, login: `sr-${login}`, firstName: null, lastName: null, email: null, roles, companyId };
}
const POWER = user("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = user("provider", ["DIP_PORTAL", "DIP_PROVIDER"], DEMO_PROVIDER_ID);
/** Asia/Kolkata is UTC+05:30 all year: a day there starts at 18:30 UTC the day before. */
const ZONE = "Asia/Kolkata";
const WIDE = "from=2025-01-01";

type Answer = GridAnswer<GridView<ScanResultRowDetail>>;

async function cookieOf(claims: UserClaims): Promise<string> {
  return `${await signedInCookie(claims)}; tz=${encodeURIComponent(ZONE)}`;
}

async function open(claims: UserClaims, path: string): Promise<Answer> {
  return openGridLoader<GridView<ScanResultRowDetail>>(scanResultsLoader, await cookieOf(claims), path);
}

async function view(claims: UserClaims, path: string): Promise<GridView<ScanResultRowDetail>> {
  return viewGridLoader<GridView<ScanResultRowDetail>>(scanResultsLoader, await cookieOf(claims), path);
}

async function csv(claims: UserClaims, path: string): Promise<string[][]> {
  const response = await scanResultsCsv(loaderArgs(pageRequest(path, await cookieOf(claims))));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Scan-Results-/);
  const text = await response.text();
  return parseCsv(text.replace(/^\uFEFF/, ""));
}

describe.each(testDialects)("Scan Results table on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 1500, fileStorage: true });

  /** Scan responses created in [start, end), by the database alone. */
  async function responsesBetween(start: string, end: string, providerId?: number) {
    let query = portal
      .db()
      .selectFrom("scanResponses")
      .select(["scanResponseId", "scanRequestId", "createdDateTime", "providerId"])
      .where("createdDateTime", ">=", start)
      .where("createdDateTime", "<", end);
    if (providerId !== undefined) query = query.where("providerId", "=", providerId);
    return query.orderBy("createdDateTime", "desc").orderBy("scanResponseId", "desc").execute();
  }

  it("shows the last 7 days up to today by default, newest first, 20 a page, with the total", async () => {
    const page = await view(POWER, "/transactions/scanResults");
    const { from, to } = page.state;
    expect(to).toBe(page.today);
    expect(from).toBe(addDays(page.today, -7));
    const expected = await responsesBetween(`${addDays(from ?? "", -1)}T18:30:00.000Z`, `${to}T18:30:00.000Z`);
    expect(expected.length).toBeGreaterThan(20);
    expect(page.total).toBe(expected.length);
    expect(page.state.sort).toBe("createdDateTime");
    expect(page.state.dir).toBe("desc");
    expect(page.rows.map((row) => Number(row.id))).toEqual(expected.slice(0, 20).map((row) => row.scanRequestId));
    expect(page.rows[0].cells.createdDateTime).toBe(cellDateTime(expected[0].createdDateTime, ZONE));
    expect(page.rows[0].cells.scanResponseId).toBe(String(expected[0].scanResponseId));
    // Request ID opens the view of the request's type: services in the service view.
    const back = new URLSearchParams({ back: `/transactions/scanResults${page.search ? `?${page.search}` : ""}` });
    const types = new Map(
      (
        await portal
          .db()
          .selectFrom("scanRequests")
          .select(["scanRequestId", "type"])
          .where(
            "scanRequestId",
            "in",
            page.rows.map((row) => Number(row.id)),
          )
          .execute()
      ).map((row) => [String(row.scanRequestId), row.type]),
    );
    for (const row of page.rows) {
      const view = types.get(row.id) === "services" ? "/transactions/services" : "/transactions";
      expect(row.links?.scanRequestId).toBe(`${view}/${row.id}?${back}`);
    }
    expect(Object.keys(page.rows[0].cells).sort()).toEqual([...page.state.cols].sort());

    const second = await view(POWER, "/transactions/scanResults?page=2");
    expect(second.rows.map((row) => Number(row.id))).toEqual(expected.slice(20, 40).map((row) => row.scanRequestId));
  });

  it("sends the chosen days as the user's day bounds in UTC and corrects a date after today", async () => {
    const from = addDays(todayIn(ZONE), -60);
    const to = addDays(todayIn(ZONE), -31);
    const page = await view(POWER, `/transactions/scanResults?from=${from}&to=${to}&size=50`);
    const expected = await responsesBetween(`${addDays(from, -1)}T18:30:00.000Z`, `${to}T18:30:00.000Z`);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.total).toBe(expected.length);
    expect(page.rows.map((row) => Number(row.id))).toEqual(expected.slice(0, 50).map((row) => row.scanRequestId));

    const future = await open(POWER, `/transactions/scanResults?from=${from}&to=${addDays(page.today, 3)}`);
    expect(future).toMatchObject({ status: 302 });
    expect("location" in future ? future.location : "").not.toContain(addDays(page.today, 3));
  });

  it("sorts by another column when asked, keeping the response id as the tie-break", async () => {
    const page = await view(POWER, `/transactions/scanResults?${WIDE}&sort=scanResponseId&dir=asc&cols=scanResponseId,scanType`);
    const ids = page.rows.map((row) => Number(row.cells.scanResponseId));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("expands one row with provider, shop, vehicle and its five sections", async () => {
    const db = portal.db();
    const withReport = await db
      .selectFrom("scanResponses as r")
      .innerJoin("reportAttachments as ra", "ra.scanRequestId", "r.scanRequestId")
      .innerJoin("invoices as i", "i.scanRequestId", "r.scanRequestId")
      .select(["r.scanRequestId", "r.scanResponseId", "r.vin"])
      .where("r.createdDateTime", ">=", "2025-01-02")
      .orderBy("r.scanRequestId", "desc")
      .executeTakeFirstOrThrow();
    const page = await view(POWER, `/transactions/scanResults?${WIDE}&expanded=${withReport.scanRequestId}`);
    const detail = page.detail;
    expect(detail).toMatchObject({ scanRequestId: withReport.scanRequestId, scanResponseId: withReport.scanResponseId, vin: withReport.vin ?? "" });
    expect(detail?.providerName.length).toBeGreaterThan(0);
    expect(detail?.transactionDetails.service).toContainEqual({ label: "Response ID", value: String(withReport.scanResponseId) });
    expect(detail?.viewResults?.scanRequestId).toBe(withReport.scanRequestId);
    expect(detail?.invoice.information).not.toBeNull();
    expect(detail?.documents.length).toBeGreaterThan(0);
    expect(detail?.documents[0].href).toMatch(/^\/transactions\/documents\/\d+\?back=%2Ftransactions%2FscanResults%3F/);
    expect(detail?.reports.reports.length).toBeGreaterThan(0);
    expect(detail?.back).toBe(`/transactions/scanResults?${page.search}`);
    expect(page.state.expanded).toBe(String(withReport.scanRequestId));

    // ?sf= is View Results' own: a parameter of the grid's own (withExpanded), kept as it is, no correction.
    const withInfo = await open(POWER, `/transactions/scanResults?${page.search}&sf=SF-1001`);
    expect("view" in withInfo).toBe(true);

    for (const bad of ["abc", "99999999999"]) expect((await view(POWER, `/transactions/scanResults?${WIDE}&expanded=${bad}`)).detail).toBeNull();
  });

  it("is not for a provider-only user in the demo configuration, page or export", async () => {
    // Whatever it throws (the sign-in redirect), it does not answer.
    await expect(scanResultsLoader(loaderArgs(pageRequest("/transactions/scanResults", "")))).rejects.toBeDefined();
    const cookie = await cookieOf(PROVIDER);
    expect(await thrownStatus(() => scanResultsLoader(loaderArgs(pageRequest("/transactions/scanResults", cookie))))).toBe(404);
    expect(await thrownStatus(() => scanResultsCsv(loaderArgs(pageRequest("/transactions/scanResults.csv", cookie))))).toBe(404);
  });

  describe("when the configuration lets provider users open it", () => {
    beforeAll(async () => {
      const granted = REQUIRED_ROLES_FOR_PAGES.map((entry) =>
        entry.pageName === "scanResults" ? { ...entry, requiredRoles: [...entry.requiredRoles, "DIP_PROVIDER"] } : entry,
      );
      await portal
        .db()
        .updateTable("configurations")
        .set({ configValue: JSON.stringify(granted) })
        .where("configKey", "=", REQUIRED_ROLES_KEY)
        .execute();
    });
    afterAll(async () => {
      await portal
        .db()
        .updateTable("configurations")
        .set({ configValue: JSON.stringify(REQUIRED_ROLES_FOR_PAGES) })
        .where("configKey", "=", REQUIRED_ROLES_KEY)
        .execute();
    });

    it("shows a provider-only user their provider's rows only, whatever the URL says", async () => {
      expect(await open(PROVIDER, "/transactions/scanResults")).toMatchObject({
        status: 302,
        location: `/transactions/scanResults?provider=${DEMO_PROVIDER_ID}`,
      });
      const crossing = await open(PROVIDER, "/transactions/scanResults?provider=1002");
      expect(crossing).toMatchObject({ status: 302, location: `/transactions/scanResults?provider=${DEMO_PROVIDER_ID}` });
      const page = await view(PROVIDER, `/transactions/scanResults?provider=${DEMO_PROVIDER_ID}&${WIDE}&cols=scanResponseId,providerId&size=50`);
      expect(page.locked).toEqual({ provider: [String(DEMO_PROVIDER_ID)] });
      const own = await responsesBetween("2024-12-31T18:30:00.000Z", `${page.today}T18:30:00.000Z`, DEMO_PROVIDER_ID);
      expect(page.total).toBe(own.length);
      expect(page.rows.every((row) => row.cells.providerId === String(DEMO_PROVIDER_ID))).toBe(true);

      const other = await portal
        .db()
        .selectFrom("scanResponses")
        .select("scanRequestId")
        .where("providerId", "!=", DEMO_PROVIDER_ID)
        .where("createdDateTime", ">=", "2025-01-02")
        .executeTakeFirstOrThrow();
      expect((await view(PROVIDER, `/transactions/scanResults?provider=${DEMO_PROVIDER_ID}&${WIDE}&expanded=${other.scanRequestId}`)).detail).toBeNull();
      expect((await view(POWER, `/transactions/scanResults?${WIDE}&expanded=${other.scanRequestId}`)).detail?.scanRequestId).toBe(other.scanRequestId);

      const records = await csv(PROVIDER, `/transactions/scanResults.csv?provider=1002&${WIDE}&cols=scanResponseId,providerId`);
      expect(records[0]).toEqual(["Scan Response ID", "Provider Id"]);
      expect(records.length - 1).toBe(own.length);
      expect(records.slice(1).every((record) => record[1] === String(DEMO_PROVIDER_ID))).toBe(true);
    });
  });

  it("exports every matching row in the visible columns, as the table shows them", async () => {
    const search = `${WIDE}&to=${addDays(todayIn(ZONE), -30)}&scanType=Scan&cols=scanResponseId,scanRequestId,createdDateTime,shopName,ccconeStatus`;
    const page = await view(POWER, `/transactions/scanResults?${search}&size=50`);
    expect(page.total).toBeGreaterThan(50);
    const records = await csv(POWER, `/transactions/scanResults.csv?${search}`);
    expect(records[0]).toEqual(["Scan Response ID", "Request ID", `Created Date (${ZONE})`, "Shop Name", "CCCOne Status"]);
    expect(records.length - 1).toBe(page.total);
    const firstPage = page.rows.map((row) => [
      row.cells.scanResponseId,
      row.cells.scanRequestId,
      row.cells.createdDateTime,
      row.cells.shopName,
      row.cells.ccconeStatus,
    ]);
    expect(records.slice(1, 51)).toEqual(firstPage);
  });
});
