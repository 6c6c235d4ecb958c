import { describe, expect, it } from "vitest";
import { withBackLinks } from "~/grid/back-links";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { addressOnlyParams, unrememberedParams, type GridDefinition } from "~/grid/definition";
import { exportHref, gridPageHref, pageHref, sizeHref, sortHref, twoRowExportHref, withoutFilterHref } from "~/grid/grid-links";
import type { GridView } from "~/grid/grid-view";
import { rememberedPart } from "~/grid/remembered-query.server";
import { onlyTrusted, trustSwitch } from "~/grid/trust-switch";
import { gridSearch, parseGridUrl } from "~/grid/url-state";
import { devicesGrid } from "~/modules/devices/grid";
import { shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import { sampleGrid } from "../support/sample-grid";

/**
 * A grid's address-only switch (GridParam.remembered false, the trust actions' trust=Y; decision
 * 0063): never remembered, left out of the export and of detail views' way back, kept by the page's
 * own links while the address has it.
 */
const base = sampleGrid({ columns: [], filters: [{ id: "vin", label: "VIN", kind: { type: "text", maxLength: 17 } }] });
const grid: GridDefinition = {
  ...base,
  params: [trustSwitch, { id: "months", label: "Months", parse: (raw) => (/^\d+$/.test(raw) ? raw : null) }],
  actions: [{ intent: "wipe", label: "Wipe", placement: "row", shownWhen: onlyTrusted }],
};
const today = "2026-11-21";
const state = parseGridUrl(grid, new URLSearchParams("vin=ABC&months=6&trust=Y&page=2"), { today }).state;
const links = { definition: grid, state, today };
const search = gridSearch(grid, state, { today });

describe("an address-only grid parameter", () => {
  it("is named by the definitions that unlock actions with it", () => {
    expect(addressOnlyParams(devicesGrid)).toEqual(["trust"]);
    expect(addressOnlyParams(shopRegistrationsGrid)).toEqual(["trust"]);
    expect(addressOnlyParams(grid)).toEqual(["trust"]);
    expect(addressOnlyParams(base)).toEqual([]);
  });

  it("is never remembered, while the grid's other parameters are", () => {
    expect(search).toBe("vin=ABC&page=2&trust=Y&months=6");
    expect(rememberedPart(search, unrememberedParams(grid))).toBe("vin=ABC&months=6");
    expect(rememberedPart("trust=Y", unrememberedParams(devicesGrid))).toBe("");
  });

  it("is kept by the page's own links: paging, sort, page size, chips, Refresh and the way back after an action", () => {
    for (const href of [pageHref(links, 3), sortHref(links, "id"), sizeHref(links, 50), withoutFilterHref(links, "vin", null), gridPageHref(grid, search)]) {
      expect(new URL(href, "http://portal.test").searchParams.get("trust"), href).toBe("Y");
    }
  });

  it("is left out of the export, flat or with two header rows", () => {
    expect(exportHref(grid, search)).toBe("/sample.csv?vin=ABC&page=2&months=6");
    expect(twoRowExportHref(grid, search)).toBe("/sample.csv?vin=ABC&page=2&months=6&header=two-rows");
    expect(exportHref(grid, "trust=Y")).toBe("/sample.csv");
  });

  it("is left out of the way back that detail links carry", () => {
    const view = { search, rows: [{ id: "1", cells: {}, links: { id: "/detail/1" } }] } as unknown as GridView<never>;
    const [row] = withBackLinks(view, grid).rows;
    const back = new URL(row.links?.id ?? "", "http://portal.test").searchParams.get("back");
    expect(back).toBe("/sample?vin=ABC&page=2&months=6");
  });

  it("must be the switch of every action shown under a parameter: a remembered one is refused when the grid is defined", () => {
    const module = (params: GridDefinition["params"]) => ({
      definition: { ...grid, params },
      context: () => Promise.resolve({ timeZone: "UTC" } satisfies GridContext),
      page: () => Promise.resolve({ rows: [], total: 0 }),
      allRows: () => [] as unknown as AsyncIterable<never>,
      cells: () => ({}),
      rowsInScope: () => Promise.resolve([]),
      actions: {
        wipe: { permission: "sample", schema: undefined as never, failure: { title: "Fail", message: "no" }, run: () => Promise.reject(new Error("never")) },
      },
    });
    expect(() => defineGrid(module([{ ...trustSwitch, remembered: undefined }]))).toThrow(/remembered: false/);
    expect(() => defineGrid(module([]))).toThrow(/remembered: false/);
    expect(() => defineGrid(module([trustSwitch]))).not.toThrow();
  });
});
