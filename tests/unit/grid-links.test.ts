import { describe, expect, it } from "vitest";
import { filterChips } from "~/grid/grid-chips";
import {
  ariaSort,
  expandHref,
  exportHref,
  gridPageHref,
  pageHref,
  panelHref,
  paramHref,
  sizeHref,
  sortHref,
  withoutFilterHref,
  type GridLinks,
} from "~/grid/grid-links";
import { parseGridUrl } from "~/grid/url-state";
import { sampleGrid } from "../support/sample-grid";

const grid = sampleGrid({
  columns: [{ id: "note", label: "Note", defaultVisible: true, sortable: false }],
  filters: [
    { id: "vin", label: "VIN", kind: { type: "text", maxLength: 17, case: "upper" } },
    { id: "shop", label: "Shops", kind: { type: "multiSelect" } },
  ],
});
const today = "2026-11-21";
const options = {
  provider: [{ value: "101", label: "Acme" }],
  shop: ["1", "2", "3", "4", "5"].map((value) => ({ value, label: `Shop ${value}` })),
};

function links(query: string, locked: Record<string, string[]> = {}): GridLinks {
  return { definition: grid, state: parseGridUrl(grid, new URLSearchParams(query), { today, options, locked }).state, today };
}

describe("grid links", () => {
  it("sort headers sort by the column, then the other way round, back on page 1", () => {
    expect(sortHref(links("page=3"), "id")).toBe("/sample?sort=id");
    expect(sortHref(links("sort=id"), "id")).toBe("/sample?sort=id&dir=desc");
    expect(sortHref(links("sort=id&dir=desc&expanded=4"), "id")).toBe("/sample?sort=id");
    expect(sortHref(links("vin=ABC"), "created")).toBe("/sample?vin=ABC&dir=asc");
    expect(ariaSort(links("").state, "created")).toBe("descending");
    expect(ariaSort(links("sort=id").state, "id")).toBe("ascending");
    expect(ariaSort(links("sort=id").state, "created")).toBe("none");
  });

  it("a link to the defaults goes through Clear (the bare URL brings back the remembered query)", () => {
    expect(sortHref(links("sort=created&dir=asc"), "created")).toBe("/sample?clear=1");
    expect(pageHref(links("page=2"), 1)).toBe("/sample?clear=1");
    expect(withoutFilterHref(links("vin=ABC"), "vin", "ABC")).toBe("/sample?clear=1");
    expect(gridPageHref(grid, "")).toBe("/sample?clear=1");
    expect(gridPageHref(grid, "vin=ABC")).toBe("/sample?vin=ABC");
  });

  it("pages, page sizes and expansion keep the rest of the query", () => {
    expect(pageHref(links("vin=ABC&expanded=7"), 3)).toBe("/sample?vin=ABC&page=3");
    expect(sizeHref(links("vin=ABC&page=4"), 50)).toBe("/sample?vin=ABC&size=50");
    expect(expandHref(links("vin=ABC&page=2"), "7")).toBe("/sample?vin=ABC&page=2&expanded=7");
    expect(expandHref(links("vin=ABC&page=2&expanded=7"), null)).toBe("/sample?vin=ABC&page=2");
  });

  it("exports the same query, without the open panel", () => {
    expect(exportHref(grid, "vin=ABC&page=2")).toBe("/sample.csv?vin=ABC&page=2");
    expect(exportHref(grid, "vin=ABC&panel=filters")).toBe("/sample.csv?vin=ABC");
    expect(exportHref(grid, "")).toBe("/sample.csv");
  });

  it("a panel opens and closes through the URL; every other link closes it", () => {
    expect(panelHref(links("vin=ABC&page=2"), "filters")).toBe("/sample?vin=ABC&page=2&panel=filters");
    expect(panelHref(links("vin=ABC&panel=filters"), "columns")).toBe("/sample?vin=ABC&panel=columns");
    expect(panelHref(links("vin=ABC&panel=columns"), null)).toBe("/sample?vin=ABC");
    expect(pageHref(links("vin=ABC&panel=filters"), 2)).toBe("/sample?vin=ABC&page=2");
    expect(sortHref(links("vin=ABC&panel=columns"), "id")).toBe("/sample?vin=ABC&sort=id");
    expect(gridPageHref(grid, "vin=ABC&panel=filters")).toBe("/sample?vin=ABC");
    expect(gridPageHref(grid, "panel=filters")).toBe("/sample?clear=1");
  });
});

describe("paramHref", () => {
  it("sets one parameter of an address (last), or drops it, keeping the others readable", () => {
    expect(paramHref("/log?expanded=7", "file", "3")).toBe("/log?expanded=7&file=3");
    expect(paramHref("/log?file=2&expanded=7&cols=a%2Cb", "file", "3")).toBe("/log?expanded=7&cols=a,b&file=3");
    expect(paramHref("/log?expanded=7&file=3", "file", null)).toBe("/log?expanded=7");
    expect(paramHref("/log?file=3", "file", null)).toBe("/log");
    expect(paramHref("/log", "file", "3")).toBe("/log?file=3");
    expect(paramHref("/log?back=%2Fa%3Fb%3D1", "file", "3")).toBe("/log?back=/a%3Fb%3D1&file=3");
  });
});

describe("filter chips", () => {
  it("one chip per value with a link that drops it; a locked filter's chip has none", () => {
    const chips = filterChips(links("provider=101&vin=abc&shop=1&shop=2", { provider: ["101"] }), options, { provider: ["101"] });
    expect(chips).toEqual([
      { key: "provider=101", label: "Provider", value: "Acme", removeHref: null },
      { key: "vin=ABC", label: "VIN", value: "ABC", removeHref: "/sample?provider=101&shop=1&shop=2" },
      { key: "shop=1", label: "Shops", value: "Shop 1", removeHref: "/sample?provider=101&vin=ABC&shop=2" },
      { key: "shop=2", label: "Shops", value: "Shop 2", removeHref: "/sample?provider=101&vin=ABC&shop=1" },
    ]);
  });

  it("one chip for a long selection, removing all of it", () => {
    const chips = filterChips(links("shop=1&shop=2&shop=3&shop=4&vin=X"), options, {});
    expect(chips).toContainEqual({ key: "shop", label: "Shops", value: "4 selected", removeHref: "/sample?vin=X" });
  });
});
