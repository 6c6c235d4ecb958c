import { MantineProvider } from "@mantine/core";
import { sql, type Kysely } from "kysely";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { beforeEach, describe, expect, it } from "vitest";
import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import { GridPagination } from "~/grid/components/grid-pagination";
import { StaticGridTable } from "~/grid/components/static-grid-table";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridDefinition, GridState } from "~/grid/definition";
import { cursorHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import { readKeysetPage, type KeysetOrder } from "~/grid/keyset.server";
import { parseCsv } from "../support/csv-text";
import { testDialects } from "../support/databases";
import { setUpFreshPortalEachTest } from "../support/fresh-portal";
import { loaderData } from "../support/grid-loader";
import { MEASURES, monthGroupsGrid } from "../support/month-groups-grid";
import { probeGrid } from "../support/probe-grid";
import { signedInCookie, TEST_ORIGIN } from "../support/signed-in-request";

/**
 * Two test-only grid modules run through defineGrid's loadPage and exportCsv, and rendered as the
 * server sends them: a grouped grid (months from its own parameter, rows from an async iterable)
 * and a cursor-paged grid (keyset pages from a SQL table, on every test database).
 */
const USER = { id: "u-engine", login: "engine", firstName: null, lastName: null, email: null, roles: ["DIP_POWER"], companyId: null };
const SIGNED_IN: SignedIn = { sessionId: "s-engine", user: USER };

interface Shop {
  id: string;
  rfNm: string;
  rfStCd: string;
  /** month -> the five measures in MEASURES order */
  months: Record<string, readonly number[]>;
}

const SHOPS: Shop[] = [
  { id: "1", rfNm: "Alpha Body", rfStCd: "TX", months: { "2026-06": [5, 4, 9, 6, 12], "2026-07": [7, 3, 8, 5, 11] } },
  { id: "2", rfNm: "Beta Collision", rfStCd: "OK", months: { "2026-06": [2, 1, 3, 2, 4], "2026-07": [9, 6, 14, 8, 20] } },
  { id: "3", rfNm: "Gamma Garage", rfStCd: "TX", months: { "2026-07": [1, 1, 1, 1, 1] } },
];

function shopCells(shop: Shop): Record<string, string> {
  const cells: Record<string, string> = { rfNm: shop.rfNm, rfStCd: shop.rfStCd, msoNm: "" };
  for (const [month, values] of Object.entries(shop.months)) {
    MEASURES.forEach((measure, index) => (cells[`${month}.${measure}`] = String(values[index])));
  }
  return cells;
}

function sortedShops(state: GridState): Shop[] {
  const key = (shop: Shop) => shopCells(shop)[state.sort ?? "rfNm"] ?? "";
  const numeric = state.sort !== null && state.sort.includes(".");
  const sorted = [...SHOPS].sort((a, b) => (numeric ? Number(key(a) || -1) - Number(key(b) || -1) : key(a).localeCompare(key(b))));
  return state.dir === "desc" ? sorted.reverse() : sorted;
}

const monthGroupsModule = defineGrid<GridContext, Shop>({
  definition: monthGroupsGrid,
  context: async () => ({ timeZone: "UTC" }),
  async page(state) {
    const shops = sortedShops(state).filter((shop) => !state.filters.rfStCd || state.filters.rfStCd.includes(shop.rfStCd));
    const rows = shops.slice((state.page - 1) * state.size, state.page * state.size).map((shop) => ({ id: shop.id, cells: shopCells(shop) }));
    return { rows, total: shops.length };
  },
  async *allRows(state) {
    for (const shop of sortedShops(state)) yield shop;
  },
  cells: shopCells,
});

/** The cursor-paged grid: a table of its own, created in each test database. */
interface ProbeTable {
  id: number;
  name: string;
  amount: number;
}
interface ProbeDatabase {
  gridProbe: ProbeTable;
}
const probeDb = () => getDb() as unknown as Kysely<ProbeDatabase>;

const PROBES: ProbeTable[] = Array.from({ length: 35 }, (_, index) => ({
  id: index + 1,
  name: `${["Ab", "Ba", "Ca"][index % 3]} ${String(index + 1).padStart(2, "0")}`,
  amount: (index * 7) % 5,
}));

const probeRow = (row: ProbeTable): GridRow => ({ id: String(row.id), cells: { name: row.name, amount: String(row.amount) } });

function probeQuery(state: GridState) {
  const prefix = state.filters.name?.[0];
  const all = probeDb().selectFrom("gridProbe").select(["id", "name", "amount"]);
  return prefix ? all.where("name", ">=", prefix).where("name", "<", `${prefix}\uffff`) : all;
}

function probeModule(counted: boolean) {
  return defineGrid<GridContext, ProbeTable>({
    definition: { ...probeGrid, id: counted ? "probe" : "probe-uncounted" },
    context: async () => ({ timeZone: "UTC" }),
    async cursorPage(state, seek) {
      const order: KeysetOrder = { sort: state.sort === "name" ? "name" : "amount", id: "id", dir: state.dir };
      const [page, count] = await Promise.all([
        readKeysetPage(probeQuery(state), order, seek, state.size, (row) => [state.sort === "name" ? row.name : row.amount, row.id]),
        counted
          ? probeQuery(state)
              .clearSelect()
              .select(sql<number>`count(*)`.as("total"))
              .executeTakeFirstOrThrow()
          : null,
      ]);
      return { ...page, rows: page.rows.map(probeRow), total: count ? Number(count.total) : null };
    },
    allRows: (state) => probeQuery(state).orderBy("amount", "desc").orderBy("id", "desc"),
    cells: (row) => probeRow(row).cells,
  });
}

/** The expected order of the probe rows: the sort column, then the id, both in the grid's direction. */
function expectedProbeIds(sort: "amount" | "name", dir: "asc" | "desc", prefix = ""): string[] {
  const sign = dir === "asc" ? 1 : -1;
  return PROBES.filter((row) => row.name.startsWith(prefix))
    .sort((a, b) => sign * (a[sort] < b[sort] ? -1 : a[sort] > b[sort] ? 1 : a.id - b.id))
    .map((row) => String(row.id));
}

type Answer<View> = { view: View } | { status: number; location: string | null };

async function open<View>(load: (request: Request, signedIn: SignedIn) => Promise<unknown>, path: string): Promise<Answer<View>> {
  try {
    return { view: loaderData(await load(new Request(`${TEST_ORIGIN}${path}`), SIGNED_IN)) as View };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

async function page<View>(load: (request: Request, signedIn: SignedIn) => Promise<unknown>, path: string): Promise<View> {
  const answer = await open<View>(load, path);
  if (!("view" in answer)) throw new Error(`expected a page for ${path}, got a redirect to ${answer.location}`);
  return answer.view;
}

async function render(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`${TEST_ORIGIN}/`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(MantineProvider, null, createElement(StaticRouterProvider, { router, context, hydrate: false })));
  return html.replace(/&amp;/g, "&").replace(/<!-- -->/g, "");
}

function renderGrid(definition: GridDefinition, view: GridView<never>): Promise<string> {
  const links: GridLinks = { definition, state: view.state, today: view.today };
  return render(
    createElement("div", null, [
      createElement(StaticGridTable, { key: "table", definition, links, rows: view.rows, expandedPanel: null, withExpand: false, bulkFormId: undefined }),
      createElement(GridPagination, { key: "pages", links, total: view.total, cursor: view.cursor, rowCount: view.rows.length }),
    ]),
  );
}

describe.each(testDialects)("grid modules with column groups and cursor paging on %s", (dialect) => {
  setUpFreshPortalEachTest(dialect);

  beforeEach(async () => {
    await signedInCookie(USER);
  });

  describe("a grid with a group per month", () => {
    it("loads the derived columns' cells and sorts by one month's sub-column", async () => {
      const view = await page<GridView<never>>(monthGroupsModule.loadPage, "/month-groups?sort=2026-07.roCount&dir=desc");
      expect(view.rows.map((row) => row.id)).toEqual(["2", "1", "3"]);
      expect(view.rows[0].cells).toMatchObject({ "2026-06.roCount": "2", "2026-07.totalScanCnt": "20" });
    });

    it("redirects a sort on a month not shown, and a derived id in cols, to the canonical URL", async () => {
      expect(await open(monthGroupsModule.loadPage, "/month-groups?sort=2026-09.roCount&cols=rfNm,roCount")).toMatchObject({
        status: 302,
        location: "/month-groups?cols=rfNm,roCount",
      });
      expect(await open(monthGroupsModule.loadPage, "/month-groups?cols=rfNm,2026-07.roCount")).toMatchObject({
        status: 302,
        location: "/month-groups?cols=rfNm,roCount",
      });
      const moved = await page<GridView<never>>(monthGroupsModule.loadPage, "/month-groups?sort=2026-09.roCount&months=2026-07..2026-09");
      expect(moved.state.sort).toBe("2026-09.roCount");
    });

    it("renders two header rows: row fields over both, a colgroup header per month over its sub-columns", async () => {
      const view = await page<GridView<never>>(monthGroupsModule.loadPage, "/month-groups?cols=rfNm,rfStCd,roCount,totalScanCnt");
      const html = await renderGrid(monthGroupsGrid, view);
      const headWithWidths = html.slice(html.indexOf("<colgroup"), html.indexOf("</thead>"));
      // Each column's header carries its width (column-fit.ts); the rest of the markup is read without them.
      expect(headWithWidths.match(/<th [^>]*data-column="[^"]*"[^>]* style="width:[^"]+"/g)).toHaveLength(6);
      const head = headWithWidths.replace(/ style="width:[^"]*"/g, "");
      expect(head.match(/<tr>/g)).toHaveLength(2);
      expect(head).toContain('<colgroup span="2"></colgroup><colgroup span="2"></colgroup><colgroup span="2"></colgroup>');
      expect(head).toContain(
        '<th rowspan="2" scope="col" aria-sort="ascending" data-column="rfNm" data-width="medium" data-align="start"><a href="/month-groups?dir=desc&cols=rfNm,rfStCd,roCount,totalScanCnt"',
      );
      expect(head).toContain('<th rowspan="2" scope="col" data-column="rfStCd" data-width="medium" data-align="start">State</th>');
      expect(head).toContain('<th colSpan="2" scope="colgroup" class="portal-static-grid-group">Jun 2026</th>');
      expect(head).toContain('<th colSpan="2" scope="colgroup" class="portal-static-grid-group">Jul 2026</th>');
      expect(head).toContain(
        '<th scope="col" aria-sort="none" data-column="2026-07.roCount" data-width="medium" data-align="start" data-group-start=""><a href="/month-groups?sort=2026-07.roCount&cols=rfNm,rfStCd,roCount,totalScanCnt" class="portal-grid-sort"><span class="portal-visually-hidden">Jul 2026 </span>RO Count',
      );
      expect(head).toContain(
        '<th scope="col" data-column="2026-06.totalScanCnt" data-width="medium" data-align="start"><span class="portal-visually-hidden">Jun 2026 </span>Total Scan Count</th>',
      );
      const body = html.slice(html.indexOf("<tbody>"));
      expect(body).toMatch(/data-column="2026-07.totalScanCnt"[^>]*><span class="portal-grid-text" title="11">11<\/span><\/td>/);
    });

    it("exports one header row by default and the screen's two rows on request", async () => {
      const query = "/month-groups.csv?cols=rfNm,roCount,uniqueScanCnt";
      const oneRow = parseCsv((await (await monthGroupsModule.exportCsv(new Request(`${TEST_ORIGIN}${query}`), SIGNED_IN)).text()).replace(/^\uFEFF/, ""));
      expect(oneRow.slice(0, 2)).toEqual([
        ["Shop Name", "Jun 2026 RO Count", "Jun 2026 Unique Scan Count", "Jul 2026 RO Count", "Jul 2026 Unique Scan Count"],
        ["Alpha Body", "5", "6", "7", "5"],
      ]);
      const request = new Request(`${TEST_ORIGIN}${query}&header=two-rows`);
      const twoRows = parseCsv((await (await monthGroupsModule.exportCsv(request, SIGNED_IN)).text()).replace(/^\uFEFF/, ""));
      expect(twoRows.slice(0, 3)).toEqual([
        ["", "Jun 2026", "", "Jul 2026", ""],
        ["Shop Name", "RO Count", "Unique Scan Count", "RO Count", "Unique Scan Count"],
        ["Alpha Body", "5", "6", "7", "5"],
      ]);
      expect(twoRows).toHaveLength(2 + SHOPS.length);
    });
  });

  describe("a cursor-paged grid over SQL", () => {
    beforeEach(async () => {
      await probeDb()
        .schema.createTable("gridProbe")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("amount", "integer", (column) => column.notNull())
        .execute();
      await probeDb().insertInto("gridProbe").values(PROBES).execute();
    });

    const counted = probeModule(true);
    const uncounted = probeModule(false);

    /** Every page from the first, following Next; then back from the last, following Previous. */
    async function walk(module: ReturnType<typeof probeModule>, firstPath: string) {
      const pages: Array<GridView<never>> = [await page<GridView<never>>(module.loadPage, firstPath)];
      const linksOf = (view: GridView<never>): GridLinks => ({ definition: module.definition, state: view.state, today: view.today });
      for (let next = pages[0].cursor?.next; next; next = pages[pages.length - 1].cursor?.next) {
        const last = pages[pages.length - 1];
        pages.push(await page<GridView<never>>(module.loadPage, cursorHref(linksOf(last), next).replace("/probe-uncounted", "/probe")));
      }
      const backwards: Array<GridView<never>> = [pages[pages.length - 1]];
      for (let previous = backwards[0].cursor?.previous; previous; previous = backwards[backwards.length - 1].cursor?.previous) {
        const href = cursorHref(linksOf(backwards[backwards.length - 1]), previous.cursor);
        backwards.push(await page<GridView<never>>(module.loadPage, href === "/probe?clear=1" ? "/probe" : href));
      }
      return { pages, backwards };
    }

    it("walks every row once forwards and backwards, ties broken by id, with each page's place in the list", async () => {
      const { pages, backwards } = await walk(counted, "/probe");
      expect(pages.map((view) => view.rows.length)).toEqual([10, 10, 10, 5]);
      expect(pages.flatMap((view) => view.rows.map((row) => row.id))).toEqual(expectedProbeIds("amount", "desc"));
      expect(pages.map((view) => view.cursor?.start)).toEqual([0, 10, 20, 30]);
      expect(pages.every((view) => view.total === 35)).toBe(true);
      expect(backwards.map((view) => view.rows.map((row) => row.id))).toEqual([...pages].reverse().map((view) => view.rows.map((row) => row.id)));
      expect(backwards.map((view) => view.cursor?.start)).toEqual([30, 20, 10, 0]);
    });

    it("follows the sort and the filters, on the name column too", async () => {
      const { pages } = await walk(counted, "/probe?name=Ab&sort=name");
      expect(pages.flatMap((view) => view.rows.map((row) => row.id))).toEqual(expectedProbeIds("name", "asc", "Ab"));
      expect(pages[0].total).toBe(12);
    });

    it("pages without a total when the source does not count", async () => {
      const first = await page<GridView<never>>(uncounted.loadPage, "/probe");
      expect(first.total).toBeNull();
      expect(first.cursor?.next).toBeTruthy();
      const html = await renderGrid(uncounted.definition, first);
      expect(html).not.toContain(" of ");
      expect(html).not.toContain("record(s)");
    });

    it("renders First, Previous and Next as links (no page numbers) and the range when the total is known", async () => {
      const first = await page<GridView<never>>(counted.loadPage, "/probe");
      const second = await page<GridView<never>>(counted.loadPage, `/probe?cursor=${first.cursor?.next}`);
      const html = await renderGrid(probeGrid, second);
      const pager = html.slice(html.indexOf('aria-label="Pages"'));
      expect(html).toContain("11–20 of 35");
      const linkOf = (label: string) => new RegExp(`<a [^>]*aria-label="${label}"[^>]*href="([^"]*)"`).exec(pager)?.[1];
      expect(linkOf("First page")).toBe("/probe?clear=1");
      expect(linkOf("Previous page")).toBe("/probe?clear=1");
      expect(linkOf("Next page")).toBe(`/probe?cursor=${second.cursor?.next}`);
      expect(pager).not.toContain("Page 2");
      const firstHtml = await renderGrid(probeGrid, first);
      expect(firstHtml).toContain("1–10 of 35");
      expect(firstHtml).toMatch(/<span[^>]*aria-label="First page"/);
      expect(firstHtml).toMatch(/<span[^>]*aria-label="Previous page"/);
    });

    it("corrects a bad or stale cursor to the first page, and a cursor past the last row too", async () => {
      expect(await open(counted.loadPage, "/probe?cursor=not-a-cursor")).toEqual({ status: 302, location: "/probe" });
      const first = await page<GridView<never>>(counted.loadPage, "/probe");
      expect(await open(counted.loadPage, `/probe?cursor=${first.cursor?.next}&name=Ab`)).toEqual({ status: 302, location: "/probe?name=Ab" });
      const { pages } = await walk(counted, "/probe");
      const lastCursor = pages[pages.length - 1].state.cursor;
      await probeDb().deleteFrom("gridProbe").where("id", "in", expectedProbeIds("amount", "desc").slice(30).map(Number)).execute();
      expect(await open(counted.loadPage, `/probe?cursor=${lastCursor}`)).toEqual({ status: 302, location: "/probe" });
    });

    it("exports every matching row whatever the cursor", async () => {
      const first = await page<GridView<never>>(counted.loadPage, "/probe");
      const response = await counted.exportCsv(new Request(`${TEST_ORIGIN}/probe.csv?cursor=${first.cursor?.next}`), SIGNED_IN);
      const records = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
      expect(records).toHaveLength(1 + PROBES.length);
    });
  });
});
