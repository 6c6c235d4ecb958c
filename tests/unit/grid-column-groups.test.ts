import { describe, expect, it } from "vitest";
import { canSortBy, columnLayout } from "~/grid/column-layout";
import { csvHeaderForm, csvHeaderRows } from "~/grid/csv-header";
import type { GridDefinition } from "~/grid/definition";
import { sortHref, twoRowExportHref } from "~/grid/grid-links";
import { gridSearch, parseGridUrl } from "~/grid/url-state";
import { monthGroupsGrid as grid } from "../support/month-groups-grid";

/** Column groups derived from the grid's own parameters: layout, URL parsing, links and CSV headers. */
const TODAY = "2026-08-15";
const context = { today: TODAY };
const parse = (query: string) => parseGridUrl(grid, new URLSearchParams(query), context);

const flat: GridDefinition = {
  id: "flat",
  path: "/flat",
  title: "Flat",
  columns: [
    { id: "a", label: "A", defaultVisible: true, sortable: true },
    { id: "b.c", label: "B", defaultVisible: true, sortable: false },
  ],
  filters: [],
  defaultSort: null,
  pageSizes: [20],
  defaultPageSize: 20,
};

describe("the column layout", () => {
  it("shows the row fields, then every chosen measure under each month of the parameter", () => {
    const { state } = parse("");
    const layout = columnLayout(grid, state, TODAY);
    expect(layout.columns.map((column) => column.id)).toEqual([
      "rfNm",
      "rfStCd",
      "2026-06.roCount",
      "2026-06.uniqueScanCntRoLinked",
      "2026-06.totalScanCntRoLinked",
      "2026-06.uniqueScanCnt",
      "2026-06.totalScanCnt",
      "2026-07.roCount",
      "2026-07.uniqueScanCntRoLinked",
      "2026-07.totalScanCntRoLinked",
      "2026-07.uniqueScanCnt",
      "2026-07.totalScanCnt",
    ]);
    expect(layout.bands.map((band) => [band.group?.label ?? null, band.columns.length])).toEqual([
      [null, 2],
      ["Jun 2026", 5],
      ["Jul 2026", 5],
    ]);
    expect(layout.columns[7]).toMatchObject({ label: "RO Count", fullLabel: "Jul 2026 RO Count", sortable: true });
  });

  it("follows the months in the URL and the measures chosen, in the chosen order", () => {
    const { state, corrections } = parse("months=2026-03..2026-05&cols=totalScanCnt,rfNm,roCount");
    expect(corrections).toEqual([]);
    const layout = columnLayout(grid, state, TODAY);
    expect(layout.columns.map((column) => column.id)).toEqual([
      "rfNm",
      "2026-03.totalScanCnt",
      "2026-03.roCount",
      "2026-04.totalScanCnt",
      "2026-04.roCount",
      "2026-05.totalScanCnt",
      "2026-05.roCount",
    ]);
  });

  it("has one header row when no measure is chosen, and for a flat grid (whose ids may hold dots)", () => {
    expect(columnLayout(grid, parse("cols=rfNm,msoNm").state, TODAY)).toEqual({
      columns: [
        { id: "rfNm", label: "Shop Name", fullLabel: "Shop Name", sortable: true, group: null, width: "medium", align: "start" },
        { id: "msoNm", label: "MSO Name", fullLabel: "MSO Name", sortable: true, group: null, width: "medium", align: "start" },
      ],
      bands: [],
    });
    const flatState = parseGridUrl(flat, new URLSearchParams("cols=b.c,a"), context).state;
    expect(columnLayout(flat, flatState, TODAY).columns.map((column) => column.id)).toEqual(["b.c", "a"]);
    expect(columnLayout(flat, flatState, TODAY).bands).toEqual([]);
  });

  it("refuses a group id that is not URL-safe", () => {
    const bad: GridDefinition = { ...grid, columnGroups: { measures: ["roCount"], groupsFor: () => [{ id: "Jul 2026", label: "Jul 2026" }] } };
    expect(() => columnLayout(bad, parse("").state, TODAY)).toThrow(/not URL-safe/);
  });
});

describe("sorting by a derived column", () => {
  it("sorts by a shown month's sortable sub-column, with a link that names it", () => {
    const { state, corrections } = parse("sort=2026-07.roCount&dir=desc");
    expect(corrections).toEqual([]);
    expect(state).toMatchObject({ sort: "2026-07.roCount", dir: "desc" });
    expect(gridSearch(grid, state, context)).toBe("sort=2026-07.roCount&dir=desc");
    expect(sortHref({ definition: grid, state, today: TODAY }, "2026-06.uniqueScanCnt")).toBe("/month-groups?sort=2026-06.uniqueScanCnt");
  });

  it("corrects a sort on a month that is not shown, a measure on its own, or an unsortable measure", () => {
    for (const sort of ["2026-09.roCount", "roCount", "2026-07.totalScanCnt", "2026-07.nothing"]) {
      const { state, corrections } = parse(`sort=${sort}`);
      expect(state.sort).toBe("rfNm");
      expect(corrections).toEqual([`"${sort}" cannot be sorted on; the default order is used.`]);
    }
    expect(canSortBy(grid, { months: "2026-08..2026-09" }, TODAY, "2026-09.roCount")).toBe(true);
  });

  it("leaves a flat grid's sort rules as they were", () => {
    expect(canSortBy(flat, {}, TODAY, "a")).toBe(true);
    expect(canSortBy(flat, {}, TODAY, "b.c")).toBe(false);
  });
});

describe("cols with derived ids", () => {
  it("takes a derived id as its measure, visibly, and redirects to the measure's id", () => {
    const { state, corrections } = parse("cols=rfNm,2026-07.roCount,2026-06.roCount");
    expect(state.cols).toEqual(["rfNm", "roCount"]);
    expect(gridSearch(grid, state, context)).toBe("cols=rfNm,roCount");
    expect(corrections).toEqual([
      'Columns are chosen for every heading at once: "2026-07.roCount" was taken as RO Count.',
      'Columns are chosen for every heading at once: "2026-06.roCount" was taken as RO Count.',
    ]);
  });

  it("still leaves unknown and repeated columns out", () => {
    const { state, corrections } = parse("cols=rfNm,rfNm,nope,2026-07.nope");
    expect(state.cols).toEqual(["rfNm"]);
    expect(corrections).toEqual(["Unknown columns were left out."]);
  });
});

describe("the CSV header", () => {
  const layout = columnLayout(grid, parse("cols=rfNm,roCount,uniqueScanCnt").state, TODAY);

  it("is one row naming each column on its own by default", () => {
    expect(csvHeaderForm(new URLSearchParams(""))).toBe("one-row");
    expect(csvHeaderRows(layout, "one-row", "America/Chicago")).toEqual([
      ["Shop Name", "Jun 2026 RO Count", "Jun 2026 Unique Scan Count", "Jul 2026 RO Count", "Jul 2026 Unique Scan Count"],
    ]);
  });

  it("is the screen's two rows with header=two-rows: each month over its first column", () => {
    expect(csvHeaderForm(new URLSearchParams("header=two-rows"))).toBe("two-rows");
    expect(csvHeaderForm(new URLSearchParams("header=2"))).toBe("one-row");
    expect(csvHeaderRows(layout, "two-rows", "America/Chicago")).toEqual([
      ["", "Jun 2026", "", "Jul 2026", ""],
      ["Shop Name", "RO Count", "Unique Scan Count", "RO Count", "Unique Scan Count"],
    ]);
  });

  it("stays one row of labels for a flat grid, whatever the parameter", () => {
    const flatLayout = columnLayout(flat, parseGridUrl(flat, new URLSearchParams(""), context).state, TODAY);
    expect(csvHeaderRows(flatLayout, "two-rows", "America/Chicago")).toEqual([["A", "B"]]);
  });

  it("names the zone of a date and time column's values in its label (decision 0070)", () => {
    const dated: GridDefinition = {
      ...flat,
      columns: [...flat.columns, { id: "at", label: "Last Updated Date", defaultVisible: true, sortable: true, width: "dateTime" }],
    };
    const datedLayout = columnLayout(dated, parseGridUrl(dated, new URLSearchParams(""), context).state, TODAY);
    expect(csvHeaderRows(datedLayout, "one-row", "Asia/Tokyo")).toEqual([["A", "B", "Last Updated Date (Asia/Tokyo)"]]);
  });

  it("has its own export link, the rest of the query kept and the open panel dropped", () => {
    expect(twoRowExportHref(grid, "months=2026-03..2026-05&panel=columns")).toBe("/month-groups.csv?months=2026-03..2026-05&header=two-rows");
  });
});
