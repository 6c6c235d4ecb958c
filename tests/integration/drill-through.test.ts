import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import type { CardView } from "~/modules/dashboard/kpi-cards";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { loader as adoptionLoader } from "~/routes/_shell.dashboard.adoptionReport";
import { loader as kpiLoader } from "~/routes/_shell.dashboard.kpi";
import { loader as transactionsLoader } from "~/routes/_shell.transactions._index";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { signedInCookie } from "../support/signed-in-request";

/**
 * A dashboard number's drill-through (issue 25 item 7, decision 0065): the KPI cards' and the
 * Adoption report's links to /transactions carry drill=Y, which the grid keeps in its canonical
 * address and does not remember, so a bare /transactions afterwards opens on the user's own query.
 */
const POWER: UserClaims = {
  id: "u-dt-power",
  login: "dt-power",
  firstName: null,
  lastName: null,
  email: null,
  roles: ["DIP_PORTAL", "DIP_POWER"],
  companyId: null,
};

interface KpiView {
  cards: CardView[];
}
interface AdoptionPage {
  grid: GridView<never>;
}

describe.each(testDialects)("a drill-through on %s", (dialect) => {
  const { db } = setUpSeededPortal(dialect, { scale: 300 });
  let users = 0;
  const ownUser = async () => {
    users += 1;
    const user = { ...POWER, id: `u-dt-power-${users}`, login: `dt-power-${users}` };
    return { id: user.id, cookie: await signedInCookie(user) };
  };
  const bareTransactions = async (cookie: string) => {
    const answer = await openGridLoader(transactionsLoader, cookie, "/transactions");
    return "view" in answer ? "page" : answer.location;
  };
  const remembered = async (userId: string) =>
    (
      await db()
        .selectFrom("userPreferences")
        .select("prefValue")
        .where("userId", "=", userId)
        .where("prefKey", "=", PREFERENCE_KEYS.gridFilters("transactions"))
        .executeTakeFirst()
    )?.prefValue ?? null;

  it("leaves the user's own remembered query when a KPI card's number is followed, and while its rows are sorted", async () => {
    const { id, cookie } = await ownUser();
    await viewGridLoader(transactionsLoader, cookie, "/transactions?billable=N&size=10");
    expect(await bareTransactions(cookie)).toBe("/transactions?billable=N&size=10");

    const kpi = await viewGridLoader<KpiView>(kpiLoader, cookie, `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
    const card = kpi.cards.find((candidate) => candidate.id === "successfulScans");
    const link = card?.kind === "count" ? card.value : null;
    const drilled = await viewGridLoader<GridView<unknown>>(transactionsLoader, cookie, link?.href ?? "");
    expect(drilled.total).toBe(link?.rows);
    expect(await bareTransactions(cookie)).toBe("/transactions?billable=N&size=10");

    // The mark is in the link and stays in the grid's own address, so sorting the same rows is still a drill-through.
    expect(link?.href).toMatch(/^\/transactions\?.*&drill=Y$/);
    expect(drilled.search).toMatch(/(^|&)drill=Y$/);
    await viewGridLoader(transactionsLoader, cookie, `/transactions?${drilled.search.replace(/&drill=Y$/, "&sort=vin&drill=Y")}`);
    expect(await bareTransactions(cookie)).toBe("/transactions?billable=N&size=10");
    expect(JSON.parse(String(await remembered(id)))).toBe("billable=N&size=10");
  });

  it("leaves the defaults of a user who has no query of their own when an Adoption report cell is followed", async () => {
    const { id, cookie } = await ownUser();
    const report = await viewGridLoader<AdoptionPage>(adoptionLoader, cookie, `/dashboard/adoptionReport?provider=${DEMO_PROVIDER_ID}`);
    const href = report.grid.rows.flatMap((row) => Object.values(row.links ?? {}))[0];
    expect(href).toMatch(/^\/transactions\?/);
    expect("view" in (await openGridLoader(transactionsLoader, cookie, href))).toBe(true);
    expect(await remembered(id)).toBeNull();
    expect(await bareTransactions(cookie)).toBe("page");
    expect(href).toMatch(/&drill=Y$/);
  });
});
