import type { Locator, Page } from "@playwright/test";
import { writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnCells, columnTexts, correctionsNotice, expect, gridTable, hydrated, openPanel, totalRows } from "./grid-page";
import { openDrawer, testUserLike, withSession } from "./sign-in";
import { todayIn } from "../../app/grid/dates";
import { monthWindow, RANGE_MESSAGE } from "../../app/modules/adoption/months";

/**
 * The Diagnostics Adoption report with JavaScript off and on (issue 16, decision 0052): the
 * provider choice, the Months Range (two selects without JavaScript, the slider with it) and its
 * 2~5 months rule, the month header groups, a filter and its chip, All rows, the heat map, the CSV
 * in both header forms, and a month's Total Scan Count against the transactions grid it links to.
 */
const PATH = "/dashboard/adoptionReport";
const TITLE = "Adoption Report";
const PROVIDER = "1001";
const months = () => monthWindow(todayIn("America/Chicago"));
/** The five sub-columns of each month (dashboards spec §2.2), in the spec's order. */
const MEASURE_LABELS = ["RO Count", "Unique Scan Count (RO Linked)", "Total Scan Count (RO Linked)", "Unique Scan Count", "Total Scan Count"];
const MEASURE_IDS = ["totalRoCnt", "uniqueScanCntRoLinked", "totalScanCntRoLinked", "uniqueScanCnt", "totalScanCnt"];

/** The month header groups the table shows, left to right. */
async function groupHeaders(page: Page): Promise<string[]> {
  const table = gridTable(page, TITLE);
  await expect(table).toBeVisible();
  return (await table.locator('thead th[scope="colgroup"]').allTextContents()).map((text) => text.trim());
}

/**
 * Waits for the page of a URL: the export link carries the query the loader answered with. The link
 * is found by its tag and text, not its role: with All rows the page holds some 15,000 cells, and
 * every poll of a role locator computes accessible names over all of them, slowing the very page it waits for.
 */
async function settledOn(page: Page, pattern: RegExp, options: { timeout?: number } = {}): Promise<void> {
  await expect(page).toHaveURL(pattern, options);
  const url = new URL(page.url());
  url.searchParams.delete("panel");
  const search = url.searchParams.toString().replace(/%2C/gi, ",").replace(/%2F/gi, "/");
  await expect(page.locator("a[download]", { hasText: /^Export report$/ })).toHaveAttribute("href", `${PATH}.csv${search ? `?${search}` : ""}`, options);
}

test("a provider is chosen, then a Months Range of 2 to 5 months shows those months as header groups", async ({ page }, testInfo) => {
  // Several full pages of a wide grid, each read again after a form: more than a plain test's time on a busy two-core machine.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.goto(PATH);
  await hydrated(page, javaScript);
  await expect(page.getByRole("link", { name: "Adoption Report" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Choose a provider to see its adoption report.")).toBeVisible();
  await expect(gridTable(page, TITLE)).toHaveCount(0);

  const providerForm = page.getByRole("form", { name: "Provider" });
  await providerForm.getByLabel("Provider").selectOption(PROVIDER);
  await providerForm.getByRole("button", { name: "Apply" }).click();
  await settledOn(page, new RegExp(`provider=${PROVIDER}$`));
  const window = months();
  expect(await groupHeaders(page)).toEqual(["Shop", ...window.slice(7).map((month) => month.label)]);
  expect(await totalRows(page)).toBeGreaterThan(0);

  const range = page.getByRole("form", { name: "Months Range" });
  if (javaScript) {
    const first = range.getByRole("slider", { name: "First month" });
    await first.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(range.getByText(RANGE_MESSAGE)).toBeVisible();
    await expect(range.getByRole("button", { name: "Apply" })).toBeDisabled();
    for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
    await expect(range.getByText(RANGE_MESSAGE)).toHaveCount(0);
    await range.getByRole("button", { name: "Apply" }).click();
  } else {
    // Without JavaScript the server refuses a range of more than five months, with the spec's words, and keeps the range.
    await range.getByLabel("From month").selectOption(window[3].label);
    await range.getByRole("button", { name: "Apply" }).click();
    await expect(correctionsNotice(page)).toContainText(RANGE_MESSAGE);
    await settledOn(page, new RegExp(`provider=${PROVIDER}$`));
    expect(await groupHeaders(page)).toEqual(["Shop", ...window.slice(7).map((month) => month.label)]);
    const again = page.getByRole("form", { name: "Months Range" });
    await again.getByLabel("From month").selectOption(window[9].label);
    await again.getByRole("button", { name: "Apply" }).click();
  }
  await settledOn(page, /months=9-11/);
  expect(await groupHeaders(page)).toEqual(["Shop", ...window.slice(9).map((month) => month.label)]);
});

test("a filter with its chip, the heat map, the CSV in both header forms with the grid's row count, and All rows", async ({ page }, testInfo) => {
  // Every row of the provider on one page (All) and two downloads, after three pages of the grid.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  const filters = await openPanel(page, javaScript, "Add Filter");
  await filters.getByLabel("Is Active").selectOption("Y");
  await filters.getByRole("button", { name: "Apply" }).click();
  await settledOn(page, /isShopActive=Y/);
  await expect(page.getByRole("link", { name: "Remove filter Is Active: Y" })).toBeVisible();
  const total = await totalRows(page);
  expect(total, "more rows than the default page of 20").toBeGreaterThan(20);
  expect(new Set(await columnTexts(page, "isShopActive", TITLE))).toEqual(new Set(["Y"]));

  await page.getByRole("link", { name: "Show heat map" }).click();
  await settledOn(page, /heat=on/);
  await expect(page.getByRole("link", { name: "Hide heat map" })).toBeVisible();
  // A locator assertion, which waits: without JavaScript the table may still be arriving when the URL has settled.
  await expect(gridTable(page, TITLE).locator("td[data-heat]").first()).toBeVisible();

  const flatHref = (await page.getByRole("link", { name: "Export report" }).getAttribute("href")) ?? "";
  const flat = await page.request.get(flatHref);
  expect(flat.headers()["content-disposition"]).toContain('filename="Diagnostic-Adoption-Report.csv"');
  const flatLines = (await flat.text()).trim().split(/\r\n/);
  const latest = months()[11].label;
  // Every row field (shown or not) and the five measures of each month (decision 0066).
  expect(flatLines[0]).toContain("Shop Name,Repair Facility Id,State,Active,Trend,Provider,MSO Name,License Number,Activation Date,First Scan Date,");
  expect(flatLines[0]).toContain(MEASURE_LABELS.map((label) => `${latest} ${label}`).join(","));
  expect(flatLines.length - 1).toBe(total);
  const groupedHref = (await page.getByRole("link", { name: "Export with two header rows" }).getAttribute("href")) ?? "";
  const groupedLines = (await (await page.request.get(groupedHref)).text()).trim().split(/\r\n/);
  expect(groupedLines[0]).toMatch(new RegExp(`^Shop,.*,${latest},,,,$`));
  expect(groupedLines[1]).toContain(`${MEASURE_LABELS.join(",")},RO Count`);
  expect(groupedLines.length - 2).toBe(total);

  await page.getByRole("link", { name: "All rows per page" }).click();
  // 230 shops by 65 columns: with JavaScript the table takes seconds to draw on this two-core machine.
  await settledOn(page, /size=10000/, { timeout: 60_000 });
  await expect(columnCells(page, "isShopActive", TITLE)).toHaveCount(total);
});

/** Where a cell is on the screen, left edge in px. */
async function leftOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the cell is not on the screen");
  return box.x;
}

test("each month shows the five measures at 1280 px: the shop columns stay put while the months scroll inside a focusable table region, the page never sideways", async ({
  page,
}, testInfo) => {
  // A page of 25 measure columns, read cell by cell: more than a plain test's time on a busy two-core machine.
  test.slow();
  const javaScript = testInfo.project.name === "js";
  await page.setViewportSize({ width: 1280, height: 800 });
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  const table = gridTable(page, TITLE);
  await expect(table.locator("tbody td[data-column]").first()).toBeVisible();

  // The top header row names the shop's columns and every month: no empty header cell (axe: empty-table-header).
  const window = months().slice(7);
  expect(await groupHeaders(page)).toEqual(["Shop", ...window.map((month) => month.label)]);
  for (const month of window) {
    const headers = MEASURE_IDS.map((measure) => table.locator(`thead th[data-column="${month.id}.${measure}"]`));
    for (const [index, header] of headers.entries()) {
      await expect(header, `${month.label} ${MEASURE_LABELS[index]}`).toHaveText(
        new RegExp(`^${month.label} ${MEASURE_LABELS[index].replace(/[()]/g, "\\$&")}`),
      );
    }
    const lefts = await table.evaluate(
      (element, ids) => ids.map((id) => element.querySelector(`thead th[data-column="${id}"]`)?.getBoundingClientRect().left ?? -1),
      MEASURE_IDS.map((measure) => `${month.id}.${measure}`),
    );
    expect(lefts, `${month.label}'s sub-columns in the spec's order`).toEqual([...lefts].sort((a, b) => a - b));
  }
  expect(await table.locator("tbody tr").first().locator("td[data-column]").count(), "five row fields and 5 x 5 measures").toBe(5 + 25);

  // The page does not scroll sideways; the table's region does, and takes the keyboard's focus.
  const region = page.getByRole("region", { name: `${TITLE} table, scrolls sideways` });
  const widths = await region.evaluate((box) => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
    table: box.scrollWidth,
    box: box.clientWidth,
  }));
  expect(widths.page, "no sideways scroll bar on the page").toBeLessThanOrEqual(widths.window);
  expect(widths.table, "the months run past the region's right edge").toBeGreaterThan(widths.box);
  await expect(region).toHaveAttribute("tabindex", "0");

  const shopHeader = table.locator('thead th[data-column="rfId"]');
  const shopCell = table.locator('tbody td[data-column="rfId"]').first();
  const trendCell = table.locator('tbody td[data-column="trend"]').first();
  const firstMonthCell = table.locator(`tbody td[data-column="${window[0].id}.totalRoCnt"]`).first();
  const before = { header: await leftOf(shopHeader), shop: await leftOf(shopCell), trend: await leftOf(trendCell), month: await leftOf(firstMonthCell) };
  await region.focus();
  await expect(region).toBeFocused();
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((box) => box.scrollLeft), { message: "the arrow keys scroll the focused region" }).toBeGreaterThan(0);
  await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth, behavior: "instant" }));
  await expect.poll(() => leftOf(firstMonthCell), { message: "the months scroll" }).toBeLessThan(before.month - 300);
  expect(Math.abs((await leftOf(shopHeader)) - before.header), "the shop's header stays put").toBeLessThanOrEqual(1);
  expect(Math.abs((await leftOf(shopCell)) - before.shop), "the shop's cells stay put").toBeLessThanOrEqual(1);
  expect(Math.abs((await leftOf(trendCell)) - before.trend), "the last shop column stays put").toBeLessThanOrEqual(1);
  // Nothing scrolled under the pinned columns shows through them: what is at the shop cell's place is the shop cell.
  const covering = await shopCell.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    return document
      .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      ?.closest("td")
      ?.getAttribute("data-column");
  });
  expect(covering).toBe("rfId");
  const lastMonth = table.locator(`thead th[data-column="${window[4].id}.totalScanCnt"]`);
  const regionBox = await region.boundingBox();
  const lastBox = await lastMonth.boundingBox();
  expect(lastBox && regionBox && lastBox.x + lastBox.width <= regionBox.x + regionBox.width + 1, "the last month's last column is reachable").toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test("a month's Total Scan Count links to the shop's transactions of that month, whose total is the cell", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const lastMonth = months()[10].id;
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}&sort=${lastMonth}.totalScanCnt&dir=desc`);
  await hydrated(page, javaScript);
  const cell = columnCells(page, `${lastMonth}.totalScanCnt`, TITLE).first();
  const count = Number((await cell.textContent())?.trim().replace(/,/g, ""));
  expect(count).toBeGreaterThan(0);
  await cell.getByRole("link").click();
  await expect(page).toHaveURL(/\/transactions\?/);
  await expect(gridTable(page, "Transactions")).toBeVisible();
  await expect.poll(() => totalRows(page)).toBe(count);
});

/** A role of this spec's own, granted page reports and nothing else (decision 0057). */
const REPORTS_ONLY_ROLE = "E2E_REPORTS_ONLY";

/**
 * The test's own user, whose only roles are DIP_PORTAL and a role granted page reports (not
 * dashboard, not transactions) in REQUIRED_ROLES_FOR_PAGES; the grant is added to what the entry
 * holds (other specs add their own), once.
 */
function reportsOnlyUser(): void {
  const user = testUserLike("portal");
  writeE2eDatabase((db) => {
    db.transaction(() => {
      db.prepare("update users set dloedrprole = ? where id = ?").run(JSON.stringify(["DIP_PORTAL", REPORTS_ONLY_ROLE]), user.id);
      const where = "config_key = 'REQUIRED_ROLES_FOR_PAGES' and coalesce(config_group_value, '') = ''";
      const row = db.prepare(`select config_value as value from configurations where ${where}`).get() as { value: string };
      const pages = JSON.parse(row.value) as Array<{ pageName: string; requiredRoles: string[] }>;
      const reports = pages.find((entry) => entry.pageName === "reports");
      if (!reports) throw new Error("REQUIRED_ROLES_FOR_PAGES lists no page reports");
      if (reports.requiredRoles.includes(REPORTS_ONLY_ROLE)) return;
      reports.requiredRoles.push(REPORTS_ONLY_ROLE);
      db.prepare(`update configurations set config_value = ? where ${where}`).run(JSON.stringify(pages));
    }).immediate();
  });
}

test("a user with page reports but not dashboard opens the report from the drawer's Dashboard, without the KPI Dashboard tab", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  reportsOnlyUser();
  await withSession(page, "portal");
  await page.goto("/home");
  await hydrated(page, javaScript);
  await openDrawer(page);
  const drawer = page.getByRole("navigation", { name: "Main" });
  await expect(drawer.getByRole("link", { name: "Transactions" })).toHaveCount(0);
  await drawer.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole("link", { name: TITLE })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "KPI Dashboard" })).toHaveCount(0);

  const providerForm = page.getByRole("form", { name: "Provider" });
  await providerForm.getByLabel("Provider").selectOption(PROVIDER);
  await providerForm.getByRole("button", { name: "Apply" }).click();
  await settledOn(page, new RegExp(`provider=${PROVIDER}$`));
  expect(await totalRows(page)).toBeGreaterThan(0);
  // The user may not open the transactions grid: the counts are plain numbers, not links to it.
  await expect(gridTable(page, TITLE).locator('a[href^="/transactions"]')).toHaveCount(0);
  const csv = await page.request.get((await page.getByRole("link", { name: "Export report" }).getAttribute("href")) ?? "");
  expect(csv.status()).toBe(200);

  // The KPI Dashboard is still refused (the 404 page, as every page the user may not open).
  browserProblems.allowNotFound("/dashboard/kpi");
  expect((await page.goto("/dashboard/kpi"))?.status()).toBe(404);
});

/** Boxes that overlap one another (more than a pixel), by their names. */
function overlapping(boxes: Array<{ name: string; left: number; right: number; top: number; bottom: number }>): string[] {
  const found: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) found.push(`${a.name} / ${b.name}`);
    }
  });
  return found;
}

test("on a 390x844 phone the Months Range's month labels stand apart; at 1280 px all twelve show", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  const form = page.getByRole("form", { name: "Months Range" });
  if (!javaScript) {
    // Without JavaScript the Months Range is two month selects, no slider and no marks: they stand apart within the phone's width.
    const boxes = await form.locator("select").evaluateAll((selects) =>
      selects.map((select) => {
        const box = select.getBoundingClientRect();
        return { name: select.getAttribute("name") ?? "", left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    expect(boxes).toHaveLength(2);
    expect(overlapping(boxes), "the month selects overlap").toEqual([]);
    expect(Math.max(...boxes.map((box) => box.right)), "within the window").toBeLessThanOrEqual(390);
    return;
  }
  const shownLabels = () =>
    form.locator(".mantine-Slider-markLabel").evaluateAll((labels) =>
      labels.flatMap((label) => {
        const text = [...label.querySelectorAll("*"), label].find(
          (element) => (element as HTMLElement).checkVisibility() && element.getBoundingClientRect().width > 0 && element.children.length === 0,
        );
        if (!text || !(label as HTMLElement).checkVisibility()) return [];
        const box = text.getBoundingClientRect();
        return [{ name: text.textContent ?? "", left: box.left, right: box.right, top: box.top, bottom: box.bottom }];
      }),
    );
  const window = months();
  const phone = await shownLabels();
  expect(phone.length, "some month labels show on a phone").toBeGreaterThanOrEqual(4);
  expect(overlapping(phone), "month labels overlap at 390 px").toEqual([]);
  expect(
    phone.map((label) => label.name),
    "the current month's label shows",
  ).toContain(window[window.length - 1].label.slice(0, 3));
  expect(Math.max(...phone.map((label) => label.right)), "within the window").toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await shownLabels()).length, { message: "every month labelled at 1280 px" }).toBe(window.length);
  expect(overlapping(await shownLabels()), "month labels overlap at 1280 px").toEqual([]);
});
