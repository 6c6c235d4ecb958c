import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import type { GridView } from "~/grid/grid-view";
import { QUOTE_STATUSES } from "~/modules/transactions/vocabulary";
import { loader } from "~/routes/_shell.transactions.quotes";
import { testDialects } from "../support/databases";
import { openGridLoader, viewGridLoader, type GridAnswer } from "../support/grid-loader";
import { setUpSeededPortal } from "../support/seeded-portal";
import { signedInCookie } from "../support/signed-in-request";
import { testUser } from "../support/test-user";

/** The Quotes loader called as a function on seeded demo data: access, provider lock, rows. */
const POWER = testUser("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = testUser("provider", ["DIP_PORTAL", "DIP_PROVIDER"], DEMO_PROVIDER_ID);
const PORTAL = testUser("portal", ["DIP_PORTAL"]);
const WIDE = "from=2025-01-01";

type Answer = GridAnswer<GridView<never>>;

async function open(claims: UserClaims, path: string): Promise<Answer> {
  return openGridLoader<GridView<never>>(loader, await signedInCookie(claims), path);
}

async function view(claims: UserClaims, path: string): Promise<GridView<never>> {
  return viewGridLoader<GridView<never>>(loader, await signedInCookie(claims), path);
}

describe.each(testDialects)("quotes grid page on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 1500 });

  async function setConfiguration(configKey: string, configValue: string) {
    await portal.db().updateTable("configurations").set({ configValue }).where("configKey", "=", configKey).execute();
  }

  it("lists quotes newest first with links to their details and the configured options", async () => {
    const page = await view(POWER, `/transactions/quotes?${WIDE}`);
    expect(page.total).toBeGreaterThan(20);
    for (const row of page.rows)
      expect(row.links).toEqual({
        quoteId: `/transactions/quotes/${row.id}?${new URLSearchParams({ back: page.search ? `/transactions/quotes?${page.search}` : "/transactions/quotes" })}`,
      });
    // The options come with the page while Add Filter is open.
    const { options } = await view(POWER, `/transactions/quotes?${WIDE}&panel=filters`);
    expect(options.status.map((option) => option.value)).toEqual([...QUOTE_STATUSES]);
    expect(options.provider.length).toBeGreaterThan(5);
    expect(options.provider.some((option) => option.label.includes("Honda"))).toBe(false);
    // The same order as the Transactions grid's provider list: by name.
    const labels = options.provider.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  });

  it("has no sorting: a sort in the URL is corrected", async () => {
    const answer = await open(POWER, `/transactions/quotes?${WIDE}&sort=quoteId`);
    expect(answer).toMatchObject({ status: 302 });
    expect("correctedLines" in answer && answer.correctedLines.join(" ")).toContain("cannot be sorted on");
  });

  it("keeps a provider-only user on their provider", async () => {
    const crossing = await open(PROVIDER, `/transactions/quotes?provider=1002&${WIDE}`);
    expect(crossing).toMatchObject({ status: 302, correctedLines: ["Provider is fixed for your account."] });
    const page = await view(PROVIDER, `/transactions/quotes?provider=1002&${WIDE}`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.cells.providerId === String(DEMO_PROVIDER_ID))).toBe(true);
  });

  it("is the 404 page without the page, with quoteGrid off, or when ACCESS_TO_QUOTE leaves the user out", async () => {
    expect(await open(PORTAL, "/transactions/quotes")).toMatchObject({ status: 404 });
    await setConfiguration("ACCESS_TO_QUOTE", JSON.stringify({ roles: ["DIP_POWER", "DIP_PROVIDER"], providerIds: [1002] }));
    expect(await open(PROVIDER, `/transactions/quotes?provider=${DEMO_PROVIDER_ID}`)).toMatchObject({ status: 404 });
    expect((await view(POWER, `/transactions/quotes?${WIDE}`)).total).toBeGreaterThan(0);
    await setConfiguration("quoteGrid", "false");
    expect(await open(POWER, "/transactions/quotes")).toMatchObject({ status: 404 });
    await setConfiguration("quoteGrid", "true");
  });
});
