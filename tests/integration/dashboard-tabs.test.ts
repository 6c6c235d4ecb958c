import { beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { REQUIRED_ROLES_KEY } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { loader as shellLoader } from "~/routes/_shell";
import { loader as dashboardLoader } from "~/routes/_shell.dashboard";
import { loader as dashboardIndexLoader } from "~/routes/_shell.dashboard._index";
import { loader as adoptionLoader } from "~/routes/_shell.dashboard.adoptionReport";
import { loader as kpiLoader } from "~/routes/_shell.dashboard.kpi";
import { loader as shopListLoader } from "~/routes/_shell.dashboard.kpi_.shopList";
import { loader as adoptionCsvLoader } from "~/routes/dashboard.adoptionReport[.]csv";
import { loader as figuresCsvLoader } from "~/routes/dashboard.kpi.figures[.]csv";
import { loader as mapJsonLoader } from "~/routes/dashboard.kpi.map[.]json";
import { loader as shopListCsvLoader } from "~/routes/dashboard.kpi.shopList[.]csv";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { loaderData, openGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { loaderArgs, pageRequest } from "../support/signed-in-request";
import { thrownStatus } from "../support/thrown-status";

/**
 * The dashboard area by page permission (issue 16, decision 0057): its layout and /dashboard open
 * with either `dashboard` (KPI Dashboard) or `reports` (Adoption Report), each tab shows only with
 * its own permission and each page still refuses a user without it (the 404 page, as every denied
 * page), and no number links to a grid the user may not open. The users' roles are this test's
 * own, granted one page each in REQUIRED_ROLES_FOR_PAGES (neither grants transactions).
 */
const user = (name: string, roles: string[]): UserClaims => ({
  id: `u-dash-${name}`,
  login: `dash-${name}`,
  firstName: null,
  lastName: null,
  email: null,
  roles,
  companyId: null,
});
const REPORTS_ONLY = user("reports", ["DIP_PORTAL", "DASH_REPORTS_ONLY"]);
const DASHBOARD_ONLY = user("kpi", ["DIP_PORTAL", "DASH_KPI_ONLY"]);

interface Tabs {
  tabs: Array<{ label: string; to: string }>;
}
interface ReportPage {
  grid: GridView<never>;
}

describe.each(testDialects)("the dashboard's tabs by permission on %s", (dialect) => {
  const { cookies, db } = setUpSeededPortal(dialect, {
    scale: 60,
    signedIn: { reports: REPORTS_ONLY, kpi: DASHBOARD_ONLY, power: demoClaims("power"), portal: demoClaims("portal") },
  });
  beforeAll(async () => {
    const grant: Record<string, string[]> = { reports: ["DASH_REPORTS_ONLY"], dashboard: ["DASH_KPI_ONLY"] };
    const pages = REQUIRED_ROLES_FOR_PAGES.map((page) => ({
      pageName: page.pageName,
      requiredRoles: [...page.requiredRoles, ...(grant[page.pageName] ?? [])],
    }));
    const updated = await db()
      .updateTable("configurations")
      .set({ configValue: JSON.stringify(pages) })
      .where("configKey", "=", REQUIRED_ROLES_KEY)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBeGreaterThan(0);
  });

  const get = (path: string, login: string) => loaderArgs(pageRequest(path, cookies[login]));
  const tabsOf = async (login: string) => (loaderData(await dashboardLoader(get("/dashboard/adoptionReport", login))) as Tabs).tabs.map((tab) => tab.label);
  const dashboardGoesTo = async (login: string) => {
    const thrown = await dashboardIndexLoader(get("/dashboard", login)).catch((answer: unknown) => answer);
    return thrown instanceof Response ? `${thrown.status} ${thrown.headers.get("Location") ?? ""}`.trim() : "no answer";
  };
  const drawerOffersDashboard = async (login: string) =>
    ((await shellLoader(get("/home", login))) as { data: { areas: { dashboard: boolean } } }).data.areas.dashboard;
  const kpiRoutes = [
    () => kpiLoader(get("/dashboard/kpi?provider=1001", "reports")),
    () => shopListLoader(get("/dashboard/kpi/shopList?provider=1001", "reports")),
    () => shopListCsvLoader(get("/dashboard/kpi/shopList.csv?provider=1001", "reports")),
    () => figuresCsvLoader(get("/dashboard/kpi/figures.csv?provider=1001&card=scanTrend", "reports")),
    () => mapJsonLoader(get("/dashboard/kpi/map.json?provider=1001", "reports")),
  ];

  it("lets a user with reports but not dashboard into the area: the Adoption Report tab alone, /dashboard leading there, the KPI routes refused", async () => {
    expect(await tabsOf("reports")).toEqual(["Adoption Report"]);
    expect(await dashboardGoesTo("reports")).toBe("302 /dashboard/adoptionReport");
    expect(await drawerOffersDashboard("reports")).toBe(true);

    const report = await openGridLoader<ReportPage>(adoptionLoader, cookies.reports, "/dashboard/adoptionReport?provider=1001");
    if (!("view" in report)) throw new Error(`the report answered ${report.status} ${report.location}`);
    const total = report.view.grid.total ?? 0;
    expect(total).toBeGreaterThan(0);
    // The user may not open the transactions grid, so a month's Total Scan Count is no link to it.
    expect(report.view.grid.rows.every((row) => Object.keys(row.links ?? {}).length === 0)).toBe(true);
    const csv = (await adoptionCsvLoader(get("/dashboard/adoptionReport.csv?provider=1001", "reports"))) as Response;
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n").filter(Boolean).length).toBe(total + 1);

    for (const route of kpiRoutes) expect(await thrownStatus(route)).toBe(404);
  });

  it("keeps the remembered provider: the provider chosen on the report is where /dashboard's tab opens next time", async () => {
    await openGridLoader(adoptionLoader, cookies.reports, "/dashboard/adoptionReport?provider=1002");
    const bare = await openGridLoader(adoptionLoader, cookies.reports, "/dashboard/adoptionReport");
    expect("location" in bare && bare.location).toMatch(/^\/dashboard\/adoptionReport\?.*provider=1002/);
  });

  it("shows a user with dashboard but not reports the KPI Dashboard tab alone and refuses the report and its CSV", async () => {
    expect(await tabsOf("kpi")).toEqual(["KPI Dashboard"]);
    expect(await dashboardGoesTo("kpi")).toBe("302 /dashboard/kpi");
    expect(await drawerOffersDashboard("kpi")).toBe(true);
    expect(await thrownStatus(() => adoptionLoader(get("/dashboard/adoptionReport?provider=1001", "kpi")))).toBe(404);
    expect(await thrownStatus(() => adoptionCsvLoader(get("/dashboard/adoptionReport.csv?provider=1001", "kpi")))).toBe(404);
  });

  it("links the KPI Dashboard's numbers to the transactions grid only for a user who may open it", async () => {
    const kpiText = async (login: string) => JSON.stringify(loaderData(await kpiLoader(get("/dashboard/kpi?provider=1001", login))));
    expect(await kpiText("power")).toContain('"href":"/transactions?');
    const withoutTransactions = await kpiText("kpi");
    expect(withoutTransactions).toContain('"kind":"count"');
    expect(withoutTransactions).not.toContain("/transactions?");
  });

  it("gives a user with both pages both tabs, /dashboard opening the KPI Dashboard, and refuses the area to a user with neither", async () => {
    expect(await tabsOf("power")).toEqual(["KPI Dashboard", "Adoption Report"]);
    expect(await dashboardGoesTo("power")).toBe("302 /dashboard/kpi");
    expect(await thrownStatus(() => dashboardLoader(get("/dashboard/adoptionReport", "portal")))).toBe(404);
    expect(await thrownStatus(() => dashboardIndexLoader(get("/dashboard", "portal")))).toBe(404);
    expect(await drawerOffersDashboard("portal")).toBe(false);
  });
});
