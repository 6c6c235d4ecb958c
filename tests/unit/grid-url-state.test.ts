import { describe, expect, it } from "vitest";
import { expandedRowParams, type GridDefinition } from "~/grid/definition";
import { expandHref, sortHref } from "~/grid/grid-links";
import { gridTimeZone } from "~/grid/grid-zone";
import { rememberedPart } from "~/grid/remembered-query.server";
import { clampPage, gridHref, gridSearch, parseGridUrl, type ParseContext } from "~/grid/url-state";
import { sampleGrid } from "../support/sample-grid";

const grid = sampleGrid({
  columns: [
    { id: "vin", label: "VIN", defaultVisible: true, sortable: true },
    { id: "master", label: "Master ID", defaultVisible: false, sortable: false },
  ],
  filters: [
    { id: "shopId", label: "Shop Id", kind: { type: "text", maxLength: 8, digits: true } },
    { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
    { id: "status", label: "Process Status", kind: { type: "multiSelect", case: "lower" } },
  ],
});

const context: ParseContext = {
  today: "2026-11-21",
  options: {
    provider: [
      { value: "101", label: "Acme" },
      { value: "102", label: "Bolt" },
    ],
    status: [
      { value: "failed", label: "FAILED" },
      { value: "cancelled", label: "CANCELLED" },
    ],
  },
};

function parse(query: string, extra: Partial<ParseContext> = {}) {
  return parseGridUrl(grid, new URLSearchParams(query), { ...context, ...extra });
}

function canonical(query: string, extra: Partial<ParseContext> = {}) {
  return gridSearch(grid, parse(query, extra).state, context);
}

describe("grid URL state", () => {
  it("reads an empty query as the defaults, and writes the defaults as an empty query", () => {
    const { state, corrections } = parse("");
    expect(state).toEqual({
      page: 1,
      size: 20,
      sort: "created",
      dir: "desc",
      cols: ["id", "created", "vin"],
      expanded: null,
      panel: null,
      from: "2026-11-14",
      to: "2026-11-21",
      filters: {},
      params: {},
    });
    expect(corrections).toEqual([]);
    expect(gridSearch(grid, state, context)).toBe("");
    expect(gridHref(grid, state, context)).toBe("/sample");
  });

  it("keeps a valid state exactly (a copied URL reproduces the page)", () => {
    const query =
      "provider=101&shopId=1234&vin=1FTFW1E5&status=failed&status=cancelled&from=2026-10-01&to=2026-10-31&sort=vin&dir=desc&size=50&page=3&cols=vin,id&expanded=42&panel=filters";
    const { state, corrections } = parse(query);
    expect(corrections).toEqual([]);
    expect(gridSearch(grid, state, context)).toBe(query);
  });

  it.each([
    ["letters in shop id", "shopId=12a4", "", "Shop Id takes digits only"],
    ["a shop id over 8 digits", "shopId=123456789", "", "Shop Id is at most 8 characters"],
    ["a 40-character VIN", `vin=${"A".repeat(40)}`, "", "VIN is at most 17 characters"],
    ["page 0", "page=0", "", "page number was not valid"],
    ["a negative page", "page=-3", "", "page number was not valid"],
    ["letters as page", "page=two", "", "page number was not valid"],
    ["an unknown page size", "size=1000", "", "Rows per page can be 10, 20, 30, 50"],
    ["an unknown sort column", "sort=password", "", "cannot be sorted on"],
    ["a column that cannot be sorted", "sort=master", "", "cannot be sorted on"],
    ["a wrong direction", "dir=up", "", "asc or desc"],
    ["an unknown filter", "color=red", "", "not a filter of this grid"],
    ["an unknown option", "status=exploded", "", 'no option "exploded"'],
    ["an unknown provider", "provider=999", "", 'no option "999"'],
    ["two values for a single filter", "provider=101&provider=102", "provider=101", "takes one value"],
    ["from after to", "from=2026-11-10&to=2026-11-01", "from=2026-11-01&to=2026-11-10", "swapped"],
    ["dates in the future", "from=2026-11-01&to=2027-01-01", "from=2026-11-01&to=2026-11-21", "after today"],
    ["a date that does not exist", "from=2026-02-30&to=2026-03-05", "from=2026-02-26&to=2026-03-05", "is not a date"],
    ["a malformed expanded row", "expanded=%3Cscript%3E", "", "expanded row was not valid"],
    ["unknown columns", "cols=vin%2Cnope", "cols=vin", "Unknown columns"],
    ["an unknown panel", "panel=settings", "", "panel to open was not valid"],
  ])("corrects %s, visibly", (_case, query, expected, message) => {
    const { corrections } = parse(query);
    expect(corrections.join(" ")).toContain(message);
    expect(canonical(query)).toBe(expected);
  });

  it("trims values, drops empty ones, upper-cases the VIN and lower-cases status lists", () => {
    expect(canonical("vin=%20%201ftfw%20&shopId=&status=FAILED&status=failed")).toBe("vin=1FTFW&status=failed");
  });

  it("keeps an absurd page until the count is known, then shows the last page", () => {
    const { state } = parse("page=1000000000");
    expect(state.page).toBe(1_000_000_000);
    expect(clampPage(state, 95).page).toBe(5);
    expect(clampPage(state, 0).page).toBe(1);
    expect(clampPage({ ...state, page: 2 }, 95).page).toBe(2);
  });

  it("forces a locked filter whatever the URL says, and says so", () => {
    const locked = { provider: ["101"] };
    const other = parse("provider=102", { locked });
    expect(other.state.filters.provider).toEqual(["101"]);
    expect(other.corrections.join(" ")).toContain("fixed for your account");
    const none = parse("", { locked });
    expect(none.state.filters.provider).toEqual(["101"]);
    expect(none.corrections).toEqual([]);
    expect(gridSearch(grid, none.state, context)).toBe("provider=101");
  });

  it("fills a one-sided date range", () => {
    expect(parse("from=2026-11-01").state).toMatchObject({ from: "2026-11-01", to: "2026-11-21" });
    expect(parse("to=2026-11-10").state).toMatchObject({ from: "2026-11-03", to: "2026-11-10" });
  });

  it("writes a non-default direction only", () => {
    expect(canonical("sort=vin&dir=asc")).toBe("sort=vin");
    expect(canonical("sort=created&dir=desc")).toBe("");
    expect(canonical("sort=created&dir=asc")).toBe("dir=asc");
  });
});

describe("parameters a grid owns", () => {
  const months = /^(3|6|12)$/;
  const owning: GridDefinition = {
    ...grid,
    params: [
      { id: "months", label: "Months", parse: (raw) => (months.test(raw) ? raw : null), defaultValue: "6" },
      { id: "sf", label: "Special function", parse: (raw) => (/^SF-\d{1,6}$/.test(raw) ? raw : null), withExpanded: true },
    ],
  };
  const read = (query: string) => parseGridUrl(owning, new URLSearchParams(query), context);

  it("keeps them in the canonical URL, leaves the default out and corrects a value it cannot use", () => {
    expect(read("months=12").state.params).toEqual({ months: "12" });
    expect(gridSearch(owning, read("months=12").state, context)).toBe("months=12");
    expect(gridSearch(owning, read("months=6").state, context)).toBe("");
    expect(read("months=7")).toMatchObject({ state: { params: {} }, corrections: ['Months "7" could not be used (ignored).'] });
    // Another grid does not own them: there they are unknown parameters.
    expect(parseGridUrl(grid, new URLSearchParams("months=12"), context).corrections).toEqual(['"months" is not a filter of this grid (ignored).']);
  });

  it("keeps an expanded row's own parameter while that row is open, and links to another row or none drop it", () => {
    const open = read("expanded=7&sf=SF-1001").state;
    expect(open.params).toEqual({ sf: "SF-1001" });
    expect(gridSearch(owning, open, context)).toBe("expanded=7&sf=SF-1001");
    expect(read("sf=SF-1001").state.params).toEqual({});
    const links = { definition: owning, state: open, today: context.today };
    expect(expandHref(links, "8")).toBe("/sample?expanded=8");
    expect(expandHref(links, null)).toBe("/sample?clear=1");
    expect(sortHref(links, "vin")).toBe("/sample?sort=vin");
    expect(rememberedPart("months=12&expanded=7&sf=SF-1001", expandedRowParams(owning))).toBe("months=12");
  });
});

describe("the zone of explicit dates (tz)", () => {
  const zoned = (query: string, viewerZone: string) => {
    const params = new URLSearchParams(query);
    const timeZone = gridTimeZone(grid, params, viewerZone);
    const parsed = parseGridUrl(grid, params, { ...context, timeZone });
    return { timeZone, ...parsed, search: gridSearch(grid, parsed.state, context) };
  };

  it("writes the zone beside explicit dates, and only there", () => {
    expect(zoned("from=2026-11-01&to=2026-11-10", "Asia/Tokyo").search).toBe("from=2026-11-01&to=2026-11-10&tz=Asia/Tokyo");
    expect(zoned("", "Asia/Tokyo").search).toBe("");
    expect(zoned("tz=Asia/Tokyo&sort=vin", "America/Chicago")).toMatchObject({ timeZone: "America/Chicago", search: "sort=vin", corrections: [] });
  });

  it("keeps explicit dates equal to today's default range, so a shared link shows the same days tomorrow", () => {
    const defaults = parse("").state;
    expect(defaults.from).not.toBeNull();
    const explicit = `from=${defaults.from}&to=${defaults.to}`;
    expect(zoned(`${explicit}&vin=1FTFW`, "America/Chicago").search).toBe(`vin=1FTFW&${explicit}&tz=America/Chicago`);
    expect(zoned(`to=${defaults.to}`, "America/Chicago").search).toBe(`${explicit}&tz=America/Chicago`);
    expect(zoned("vin=1FTFW", "America/Chicago").search).toBe("vin=1FTFW");
    // An unreadable date is no explicit date: the rolling default stays rolling.
    expect(zoned("from=someday", "America/Chicago").search).toBe("");
  });

  it("reads a shared URL's dates in the URL's zone whoever opens it, in the runtime's spelling", () => {
    const shared = "from=2026-11-01&to=2026-11-10&tz=asia/tokyo";
    for (const viewer of ["America/Chicago", "Europe/Berlin", "Asia/Tokyo"]) {
      expect(zoned(shared, viewer)).toMatchObject({ timeZone: "Asia/Tokyo", corrections: [], search: "from=2026-11-01&to=2026-11-10&tz=Asia/Tokyo" });
    }
  });

  it("says so when the URL names no zone the runtime knows, and reads the dates in the viewer's", () => {
    const { timeZone, corrections, search } = zoned("from=2026-11-01&to=2026-11-10&tz=Mars/Olympus", "Europe/Berlin");
    expect(timeZone).toBe("Europe/Berlin");
    expect(corrections).toEqual(['"Mars/Olympus" is not a time zone; the dates are read in Europe/Berlin.']);
    expect(search).toBe("from=2026-11-01&to=2026-11-10&tz=Europe/Berlin");
  });

  it("keeps the zone in every link of the grid", () => {
    const { state } = zoned("from=2026-11-01&to=2026-11-10&tz=Asia/Tokyo", "America/Chicago");
    expect(sortHref({ definition: grid, state, today: context.today }, "vin")).toBe("/sample?from=2026-11-01&to=2026-11-10&tz=Asia/Tokyo&sort=vin");
  });
});
