import type { Page } from "@playwright/test";
import { writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { expect, gridTable, hydrated, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * Every grid's default columns fit a 1280x800 window on one line per row, with nothing that must
 * be read whole (ids, years, VINs, dates) cut; on a 390x844 phone the page never scrolls sideways
 * (decision 0030). The assertions measure boxes; screenshots are not tests.
 */
const GRIDS = [
  { path: "/transactions", title: "Transactions", dated: true },
  { path: "/transactions/services", title: "Services", dated: true },
  { path: "/transactions/quotes", title: "Quotes", dated: true },
  { path: "/transactions/scanResults", title: "Scan Results", dated: true },
  { path: "/admin/userroles", title: "User Roles", dated: false },
  { path: "/admin/applications", title: "Applications", dated: false },
  { path: "/admin/providers", title: "Providers", dated: false },
  { path: "/admin/configuration", title: "Configurations", dated: false },
  { path: "/admin/shopRegistration", title: "Shop Registrations", dated: false },
  { path: "/admin/feedbackError", title: "Feedbacks/Errors", dated: true },
  { path: "/admin/devices", title: "Devices", dated: false },
  { path: "/admin/redshiftETLDashboard", title: "Redshift ETL Dashboard", dated: false },
  { path: "/admin/activity", title: "Activity", dated: true },
  { path: "/dashboard/kpi/shopList?provider=1001", title: "Shop List", dated: false },
] as const;

/** Cells whose text must never be cut. */
const WHOLE = '[data-width="id"], [data-width="year"], [data-width="code"], [data-width="dateTime"]';

async function measure(page: Page, title: string) {
  return gridTable(page, title).evaluate((table, whole) => {
    const container = table.parentElement as HTMLElement;
    const rows = [...table.querySelectorAll("tbody > tr")].filter((row) => row.querySelector("td[data-label]"));
    const cut = [...table.querySelectorAll(`tbody td:is(${whole}) .portal-grid-text`)]
      .filter((text) => text.scrollWidth > text.clientWidth + 1)
      .map((text) => `${text.closest("td")?.getAttribute("data-column")}: ${text.textContent}`);
    // A column whose cells are all empty takes no more than its header's words on one line (issue 26
    // item 14) while another column's text is cut.
    const font = document.createElement("span");
    font.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    document.body.append(font);
    const emptyWide = [...table.querySelectorAll("thead th[data-column][data-width]")].flatMap((header) => {
      const id = header.getAttribute("data-column") ?? "";
      const cells = [...table.querySelectorAll(`tbody td[data-column="${id}"]`)];
      if (cells.length === 0 || cells.some((cell) => (cell.textContent ?? "").trim() !== "")) return [];
      const style = getComputedStyle(header);
      font.style.font = style.font;
      font.textContent = (header.textContent ?? "").trim();
      const needs = font.getBoundingClientRect().width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const width = header.getBoundingClientRect().width;
      return width > needs + 2 ? [`${id}: ${Math.round(width)} px for a header of ${Math.round(needs)} px`] : [];
    });
    font.remove();
    const anyCut = [...table.querySelectorAll("tbody td .portal-grid-text")].some((text) => text.scrollWidth > text.clientWidth + 1);
    const lineHeight = parseFloat(getComputedStyle(table.querySelector("tbody td .portal-grid-text") as Element).lineHeight);
    return {
      tableWidth: table.scrollWidth,
      containerWidth: container.clientWidth,
      rows: rows.length,
      tallestTextLine: Math.max(...[...table.querySelectorAll("tbody td .portal-grid-text")].map((text) => text.getBoundingClientRect().height)),
      lineHeight,
      cut,
      emptyTakingRoom: anyCut ? emptyWide : [],
    };
  }, WHOLE);
}

for (const grid of GRIDS) {
  test(`${grid.title}: the default columns fit 1280x800 on one line per row, and a phone does not scroll sideways`, async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await withSession(page, "power");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(grid.dated ? `${grid.path}?${WIDE}` : grid.path);
    await hydrated(page, javaScript);
    await expect(gridTable(page, grid.title)).toBeVisible();
    const wide = await measure(page, grid.title);
    expect(wide.rows, "the grid shows rows").toBeGreaterThan(0);
    expect(wide.tableWidth, "no sideways scrolling at 1280 px").toBeLessThanOrEqual(wide.containerWidth);
    expect(wide.tallestTextLine, "every cell on one line").toBeLessThanOrEqual(wide.lineHeight * 1.5);
    expect(wide.cut, "ids, years, VINs and dates are never cut").toEqual([]);
    expect(wide.emptyTakingRoom, "an empty column takes room while text is cut").toEqual([]);

    // Add Filter and Columns look like the buttons they are with JavaScript, links or not.
    let panelControls = 0;
    for (const label of ["Add Filter", "Columns"]) {
      const control = page.getByRole(javaScript ? "button" : "link", { name: label, exact: true });
      if ((await control.count()) === 0) continue;
      panelControls += 1;
      const look = await control.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          underline: style.textDecorationLine.includes("underline"),
          framed: style.borderStyle !== "none" || style.backgroundColor !== "rgba(0, 0, 0, 0)",
        };
      });
      expect(look, `${label} looks like a button`).toEqual({ underline: false, framed: true });
    }
    expect(panelControls, "the grid offers Add Filter or Columns").toBeGreaterThan(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await hydrated(page, javaScript);
    await expect(gridTable(page, grid.title)).toBeVisible();
    const phone = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(phone.page, "no sideways scrolling on a phone").toBeLessThanOrEqual(phone.window);
    // The controls wrap rather than run off the screen: the date chip's Apply, the chips' remove
    // marks, Add Filter and Columns (what a scrolling box holds may be outside until scrolled to).
    const clipped = await page.evaluate(() => {
      const scrolls = (element: Element | null): boolean => {
        for (let node = element; node && node !== document.body; node = node.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(node).overflowX)) return true;
        }
        return false;
      };
      const controls = [...document.querySelectorAll("main :is(a, button, summary, input, select)")].filter(
        (element) => (element as HTMLElement).checkVisibility() && !scrolls(element.parentElement),
      );
      return {
        controls: controls.length,
        outside: controls
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
          })
          .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}"`),
      };
    });
    expect(clipped.controls, "the page shows controls").toBeGreaterThan(3);
    expect(clipped.outside, "controls within a phone's width").toEqual([]);
  });
}

/** An error of the test's own, long ago (outside every default date range), with no provider, shop or component and a long message. */
const EMPTY_COLUMNS_CODE = "E2E-FIT-EMPTY";
function addErrorWithEmptyColumns(): void {
  writeE2eDatabase((db) => {
    const present = db.prepare("select 1 from error_records where error_code = ?").get(EMPTY_COLUMNS_CODE);
    if (present) return;
    db.prepare(
      `insert into error_records (error_code, error_type, error_category, provider_id, shop_id, created_date, error_origin, component, severity, error_msg)
       values (?, 'ERROR', 'SCAN', null, null, '2020-01-15T15:00:00.000Z', 'API', null, 'HIGH', ?)`,
    ).run(EMPTY_COLUMNS_CODE, "A message long enough to be cut at any width a laptop's window leaves it: ".repeat(4));
  });
}

test("a column whose cells are all empty is as narrow as its header, while a long message is cut, at 1280x800", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  addErrorWithEmptyColumns();
  await withSession(page, "power");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/feedbackError?from=2020-01-01&to=2020-01-31&errorCode=${EMPTY_COLUMNS_CODE}`);
  await hydrated(page, javaScript);
  const title = "Feedbacks/Errors";
  await expect(gridTable(page, title).locator("tbody td[data-column='errorMsg']")).toHaveCount(1);
  const fit = await measure(page, title);
  const empty = await gridTable(page, title).evaluate((table) =>
    ["providerId", "shopId", "component"].map((id) => (table.querySelector(`tbody td[data-column="${id}"]`)?.textContent ?? "x").trim()),
  );
  expect(empty, "the row leaves Provider Id, Shop Id and Component empty").toEqual(["", "", ""]);
  const message = gridTable(page, title).locator("tbody td[data-column='errorMsg'] .portal-grid-text");
  expect(await message.evaluate((text) => text.scrollWidth > text.clientWidth + 1), "the long message is cut").toBe(true);
  expect(fit.emptyTakingRoom, "the empty columns take no room the message could use").toEqual([]);
  expect(fit.tableWidth, "no sideways scrolling at 1280 px").toBeLessThanOrEqual(fit.containerWidth);
});
