import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { takeCorrections } from "~/grid/grid-corrections.server";
import type { GridRow } from "~/grid/grid-view";
import { loadGrid, type LoadGridInput } from "~/grid/load-grid.server";
import { testDialects } from "../support/databases";
import { setUpFreshPortalEachTest } from "../support/fresh-portal";
import { sampleGrid } from "../support/sample-grid";
import { signedInCookie, TEST_ORIGIN } from "../support/signed-in-request";

/** The generic grid loader with a stand-in source: remembered query, Clear, canonical redirects, page clamp, locks. */
const grid = sampleGrid({
  columns: [{ id: "vin", label: "VIN", defaultVisible: false, sortable: true }],
  filters: [
    { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
    { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
    { id: "shop", label: "Shops", kind: { type: "multiSelect", selectAll: true } },
  ],
});

const NOW = new Date("2026-11-21T18:00:00Z");
const USER = { id: "u-grid", login: "grid", firstName: null, lastName: null, email: null, roles: ["DIP_POWER"], companyId: null };
const OPTIONS = {
  provider: [
    { value: "101", label: "Acme" },
    { value: "102", label: "Bolt" },
  ],
  shop: [
    { value: "5001", label: "Alpha Body" },
    { value: "5002", label: "Beta Collision" },
    { value: "5003", label: "Gamma Garage" },
  ],
};

/** Rows 1..total; the source records the states it was asked for. */
function fakeSource(total: number) {
  const asked: GridState[] = [];
  const detailsAsked: string[] = [];
  return {
    asked,
    detailsAsked,
    source: {
      async page(state: GridState) {
        asked.push(state);
        const rows: GridRow[] = [];
        for (let id = (state.page - 1) * state.size + 1; id <= Math.min(total, state.page * state.size); id++) {
          rows.push({ id: String(id), cells: { id: String(id) } });
        }
        return { rows, total };
      },
      async detail(rowId: string) {
        detailsAsked.push(rowId);
        return rowId === "7" ? { note: "row seven" } : null;
      },
    },
  };
}

describe.each(testDialects)("the grid loader on %s", (dialect) => {
  setUpFreshPortalEachTest(dialect);

  beforeEach(async () => {
    await signedInCookie(USER, NOW);
  });

  function input(query: string, extra: Partial<LoadGridInput<{ note: string }>> = {}) {
    const { source } = fakeSource(95);
    return {
      request: new Request(`${TEST_ORIGIN}/sample${query}`),
      definition: grid,
      userId: USER.id,
      timeZone: "America/Chicago",
      options: OPTIONS,
      source,
      now: NOW,
      ...extra,
    };
  }

  /** The loader's answer: its data, or the redirect it threw (with the corrections it carries for the grid). */
  async function load(query: string, extra: Partial<LoadGridInput<{ note: string }>> = {}) {
    try {
      return { view: await loadGrid(input(query, extra)) };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      const location = thrown.headers.get("Location");
      const cookie = thrown.headers.get("Set-Cookie");
      const lines = cookie ? (await takeCorrections(new Request(TEST_ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }), grid.id)).lines : [];
      return { status: thrown.status, location, corrections: lines.length > 0 ? lines : null };
    }
  }

  async function remembered(): Promise<unknown> {
    const row = await getDb()
      .selectFrom("userPreferences")
      .select("prefValue")
      .where("userId", "=", USER.id)
      .where("prefKey", "=", "gridFilters:sample")
      .executeTakeFirst();
    return row ? JSON.parse(row.prefValue) : undefined;
  }

  it("shows the defaults for a bare URL and remembers the empty query", async () => {
    const { view } = await load("");
    expect(view?.state).toMatchObject({ page: 1, size: 20, sort: "created", dir: "desc", from: "2026-11-14", to: "2026-11-21", filters: {} });
    expect(view?.today).toBe("2026-11-21");
    expect(view?.total).toBe(95);
    expect(view?.rows).toHaveLength(20);
    expect(view?.search).toBe("");
    expect(await remembered()).toBe("");
  });

  it("brings back the last query (without its page or expanded row) when the grid is opened bare", async () => {
    await load("?vin=ABC&sort=vin&page=2&expanded=7");
    expect(await remembered()).toBe("vin=ABC&sort=vin");
    expect(await load("")).toEqual({ status: 302, location: "/sample?vin=ABC&sort=vin", corrections: null });
    // A URL with a query is shown as it is.
    expect((await load("?vin=XYZ")).view?.state.filters).toEqual({ vin: ["XYZ"] });
    expect(await remembered()).toBe("vin=XYZ");
  });

  it("forgets the query when a link or a correction leads to the defaults, so the bare URL that follows shows them", async () => {
    await load("?vin=ABC");
    expect(await load("?size=20&vin=")).toEqual({ status: 302, location: "/sample", corrections: null });
    expect(await remembered()).toBe("");
    expect((await load("")).view?.search).toBe("");
    await load("?vin=ABC&page=3");
    expect(await load("?vin=ABC&page=9", { source: fakeSource(15).source })).toMatchObject({ status: 302, location: "/sample?vin=ABC" });
    await load("?page=2");
    expect(await load("?page=9", { source: fakeSource(15).source })).toMatchObject({ status: 302, location: "/sample" });
    expect(await remembered()).toBe("");
  });

  it("Clear forgets the query and goes back to the defaults", async () => {
    await load("?vin=ABC");
    expect(await load("?clear=1&vin=ABC")).toEqual({ status: 302, location: "/sample", corrections: null });
    expect(await remembered()).toBe("");
    expect((await load("")).view?.search).toBe("");
  });

  /** The redirect a request throws, with the cookies it sets as a browser would send them back. */
  async function redirected(request: Request, extra: Partial<LoadGridInput<{ note: string }>> = {}) {
    const thrown = await loadGrid({ ...input("", extra), request }).then(
      () => null,
      (error: unknown) => error,
    );
    if (!(thrown instanceof Response)) throw new Error(`expected a redirect for ${request.url}`);
    const cookies = thrown.headers.getSetCookie().map((line) => line.split(";")[0]);
    return { location: thrown.headers.get("Location"), cookie: cookies.join("; ") };
  }

  it("shows the defaults after Clear even when another tab of the same user remembers another query in between", async () => {
    await load("?vin=ABC");
    const cleared = await redirected(new Request(`${TEST_ORIGIN}/sample?clear=1&vin=ABC`));
    expect(cleared.location).toBe("/sample");

    // The user's other tab runs another query before this tab follows the redirect.
    expect((await load("?vin=XYZ")).view?.state.filters).toEqual({ vin: ["XYZ"] });
    expect(await remembered()).toBe("vin=XYZ");

    const headers = new Headers();
    const followed = await loadGrid({ ...input(""), request: new Request(`${TEST_ORIGIN}/sample`, { headers: { Cookie: cleared.cookie } }), headers });
    expect(followed.search).toBe("");
    expect(followed.state.filters).toEqual({});
    // The mark is used once (consumed), and the defaults shown are now the last query of the user.
    expect(headers.getSetCookie().join("\n")).toMatch(/__portal_grid_defaults=; .*Max-Age=0/);
    expect(await remembered()).toBe("");
  });

  it("a link that leads to the defaults is marked the same way, and a mark names its grid", async () => {
    await load("?vin=ABC");
    const toDefaults = await redirected(new Request(`${TEST_ORIGIN}/sample?size=20&vin=`));
    expect(toDefaults.location).toBe("/sample");
    await load("?vin=XYZ");
    const followed = await loadGrid({ ...input(""), request: new Request(`${TEST_ORIGIN}/sample`, { headers: { Cookie: toDefaults.cookie } }) });
    expect(followed.search).toBe("");

    const otherGrid = { ...grid, id: "other" };
    await load("?vin=QRS", { definition: otherGrid });
    const elsewhere = await redirected(new Request(`${TEST_ORIGIN}/sample`, { headers: { Cookie: toDefaults.cookie } }), { definition: otherGrid });
    expect(elsewhere.location).toBe("/sample?vin=QRS");
  });

  it("Clear keeps a provider-only user's provider", async () => {
    const locked = { provider: ["101"] };
    expect(await load("?clear=1", { locked })).toEqual({ status: 302, location: "/sample?provider=101", corrections: null });
  });

  it("redirects a hand-edited URL to its canonical form and says what was corrected", async () => {
    const answer = await load("?shopId=12a4&vin=" + "A".repeat(40) + "&color=red&page=0&sort=nope&from=2026-11-20&to=2026-11-10");
    expect(answer).toMatchObject({ status: 302, location: "/sample?from=2026-11-10&to=2026-11-20&tz=America/Chicago" });
    const lines = answer.corrections?.join(" ") ?? "";
    for (const expected of [
      "Shop Id takes digits only",
      "VIN is at most 17",
      '"color" is not a filter',
      "page number was not valid",
      "cannot be sorted on",
      "swapped",
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it("corrects dates in the future to today, visibly", async () => {
    const answer = await load("?from=2026-11-01&to=2027-03-01");
    expect(answer).toMatchObject({ status: 302, location: "/sample?from=2026-11-01&to=2026-11-21&tz=America/Chicago" });
    expect(answer.corrections?.join(" ")).toContain("after today");
  });

  it("shows the corrections once on the grid the redirect leads to, and another grid leaves them waiting", async () => {
    let thrown: unknown;
    await loadGrid(input("?shopId=abc")).catch((error: unknown) => (thrown = error));
    if (!(thrown instanceof Response)) throw new Error("expected the redirect to the canonical URL");
    const cookie = (thrown.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^__portal_grid_corrections=/);
    const withCookie = (definition: typeof grid) => {
      const headers = new Headers();
      const request = new Request(`${TEST_ORIGIN}${thrown instanceof Response ? thrown.headers.get("Location") : ""}`, { headers: { Cookie: cookie } });
      return { headers, view: loadGrid({ ...input(""), definition, request, headers }) };
    };
    const elsewhere = withCookie({ ...grid, id: "other" });
    expect((await elsewhere.view).corrections).toEqual([]);
    expect(elsewhere.headers.getSetCookie().join("\n")).not.toContain("__portal_grid_corrections");
    const here = withCookie(grid);
    expect((await here.view).corrections?.join(" ")).toContain("Shop Id takes digits only");
    expect(here.headers.getSetCookie().join("\n")).toMatch(/__portal_grid_corrections=; .*Max-Age=0/);
  });

  it("takes a query re-encoded by Remix (commas as %2C, spaces as +) as the same query", async () => {
    expect((await load("?cols=vin%2Cid")).view?.search).toBe("cols=vin,id");
    expect((await load("?cols=vin,id")).view?.search).toBe("cols=vin,id");
  });

  it("tidies a form submission without a message: empty fields dropped, repeated cols joined", async () => {
    expect(await load("?vin=&shopId=&provider=&cols=vin&cols=id")).toEqual({ status: 302, location: "/sample?cols=vin,id", corrections: null });
    expect((await load("?cols=vin,id")).view?.state.cols).toEqual(["vin", "id"]);
  });

  it("fills and empties a multi-select from its Select all and Unselect all buttons", async () => {
    // The Add Filter menu stays open, showing the boxes the button ticked or cleared.
    expect(await load("?selectAll=shop&vin=abc")).toEqual({
      status: 302,
      location: "/sample?vin=ABC&shop=5001&shop=5002&shop=5003&panel=filters",
      corrections: null,
    });
    expect(await load("?shop=5001&unselectAll=shop")).toEqual({ status: 302, location: "/sample?panel=filters", corrections: null });
    // Only multi-selects can be filled or emptied this way.
    expect(await load("?unselectAll=vin&vin=ABC")).toEqual({ status: 302, location: "/sample?vin=ABC&panel=filters", corrections: null });
  });

  it("opens a toolbar panel from the URL, corrects an unknown one, and does not remember it", async () => {
    const open = await load("?vin=ABC&panel=filters");
    expect(open.view?.state.panel).toBe("filters");
    expect(open.view?.search).toBe("vin=ABC&panel=filters");
    expect(await remembered()).toBe("vin=ABC");
    expect((await load("?panel=columns")).view?.state.panel).toBe("columns");
    const wrong = await load("?vin=ABC&panel=everything");
    expect(wrong).toMatchObject({ status: 302, location: "/sample?vin=ABC" });
    expect(JSON.stringify(wrong)).toContain("The panel to open was not valid.");
  });

  it("sends every filter option only while Add Filter is open, otherwise just the chosen ones for the chips", async () => {
    const closed = await load("?provider=101&shop=5002");
    expect(closed.view?.options).toEqual({ provider: [{ value: "101", label: "Acme" }], shop: [{ value: "5002", label: "Beta Collision" }] });
    expect((await load("?vin=ABC")).view?.options).toEqual({ provider: [], shop: [] });
    expect((await load("?shop=5002&panel=filters")).view?.options).toEqual(OPTIONS);
  });

  it("asks the source for nothing when it redirects", async () => {
    const fake = fakeSource(95);
    await load("?page=0", { source: fake.source });
    expect(fake.asked).toEqual([]);
  });

  it("moves a page past the end to the last page, visibly", async () => {
    const answer = await load("?page=1000000000");
    expect(answer).toMatchObject({ status: 302, location: "/sample?page=5" });
    expect(answer.corrections).toEqual(["Page 1000000000 is past the last page; showing page 5."]);
    expect((await load("?page=5")).view?.rows.map((row) => row.id)).toEqual([
      "81",
      "82",
      "83",
      "84",
      "85",
      "86",
      "87",
      "88",
      "89",
      "90",
      "91",
      "92",
      "93",
      "94",
      "95",
    ]);
    const empty = fakeSource(0);
    expect(await load("?page=3", { source: empty.source })).toMatchObject({ status: 302, location: "/sample" });
  });

  it("forces a locked filter: another provider in the URL is corrected to the user's own, and the source only sees it", async () => {
    const locked = { provider: ["101"] };
    const answer = await load("?provider=102", { locked });
    expect(answer).toMatchObject({ status: 302, location: "/sample?provider=101" });
    expect(answer.corrections).toEqual(["Provider is fixed for your account."]);
    expect(await load("", { locked })).toEqual({ status: 302, location: "/sample?provider=101", corrections: null });
    const fake = fakeSource(95);
    const { view } = await load("?provider=101", { locked, source: fake.source });
    expect(view?.locked).toEqual(locked);
    expect(fake.asked.map((state) => state.filters.provider)).toEqual([["101"]]);
  });

  it("fetches the expanded row's details only, and none when the source refuses it", async () => {
    const fake = fakeSource(95);
    expect((await load("", { source: fake.source })).view?.detail).toBeNull();
    expect(fake.detailsAsked).toEqual([]);
    expect((await load("?expanded=7", { source: fake.source })).view?.detail).toEqual({ note: "row seven" });
    expect((await load("?expanded=8", { source: fake.source })).view?.detail).toBeNull();
    expect(fake.detailsAsked).toEqual(["7", "8"]);
  });
});
