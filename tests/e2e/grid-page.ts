import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { waitForPage } from "./sign-in";

/**
 * Reading and driving the portal's grid in a browser, with JavaScript or without: the same links
 * and forms, except that panels are <details> disclosures without JavaScript and popovers with it.
 */

/**
 * Assertions for grid pages. A grid page is a full server render with several queries; on a
 * loaded two-core machine it can take longer than Playwright's default 5 s.
 */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** A calendar date n days before today (UTC), as the grid's URL writes dates. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** A window wide enough for every kind of row in the e2e demo data (1500 requests over a year). */
export const WIDE = `from=${daysAgo(150)}`;

export function gridTable(page: Page, title = "Transactions"): Locator {
  return page.getByRole("table", { name: title });
}

/** The data rows (not the detail panel's row). */
export function dataRows(page: Page, title?: string): Locator {
  return gridTable(page, title)
    .locator("tbody > tr")
    .filter({ has: page.locator('input[name="ids"]') });
}

/** One column's cells, by column id. */
export function columnCells(page: Page, columnId: string, title?: string): Locator {
  return gridTable(page, title).locator(`tbody td[data-column="${columnId}"]`);
}

/**
 * The texts of a column's cells on the page shown, for checks over every row: the page must show
 * rows, so that such a check cannot pass on an empty table.
 */
export async function columnTexts(page: Page, columnId: string, title?: string): Promise<string[]> {
  const cells = columnCells(page, columnId, title);
  await expect(cells.first(), `the grid shows rows with a ${columnId} column`).toBeVisible();
  return cells.allTextContents();
}

/**
 * The whole values of a column's cells on the page shown (a cell shows a date compactly and cuts
 * long text; its title holds the value), for checks over every row: the page must show rows.
 */
export async function columnValues(page: Page, columnId: string, title?: string): Promise<string[]> {
  const cells = columnCells(page, columnId, title);
  await expect(cells.first(), `the grid shows rows with a ${columnId} column`).toBeVisible();
  return cells.evaluateAll((tds) => tds.map((td) => td.querySelector("[title]")?.getAttribute("title") ?? td.textContent ?? ""));
}

/** Waits for hydration with JavaScript (the user menu becomes a button, the grid's table loads); nothing to wait for without. */
export async function hydrated(page: Page, javaScript: boolean): Promise<void> {
  await waitForPage(page, javaScript);
}

export async function openGrid(page: Page, javaScript: boolean, path: string, title?: string): Promise<void> {
  await page.goto(path);
  await hydrated(page, javaScript);
  await expect(gridTable(page, title)).toBeVisible();
}

/** "21–40 of 1,234" under the table. */
export function rangeText(page: Page): Locator {
  return page.getByText(/^[\d,]+–[\d,]+ of [\d,]+$/);
}

export async function totalRows(page: Page): Promise<number> {
  const text = (await rangeText(page).textContent()) ?? "";
  return Number((/of ([\d,]+)$/.exec(text)?.[1] ?? "NaN").replace(/,/g, ""));
}

/**
 * Opens Add Filter or Columns (unless it is open already) and returns its form. The open panel is
 * part of the URL (`panel=`): a link without JavaScript, a button that follows it with.
 */
export async function openPanel(page: Page, javaScript: boolean, label: "Add Filter" | "Columns"): Promise<Locator> {
  const form = page.getByRole("form", { name: label === "Add Filter" ? "Add Filter" : "Choose columns" });
  if (await form.isVisible()) return form;
  await page.getByRole(javaScript ? "button" : "link", { name: label, exact: true }).click();
  await expect(form).toBeVisible();
  // Without JavaScript the panel is a new page, visible while its long lists still stream in.
  if (!javaScript) await page.waitForLoadState("load");
  return form;
}

/** Closes Add Filter or Columns: Escape with JavaScript, the panel's link without. */
export async function closePanel(page: Page, javaScript: boolean, label: "Add Filter" | "Columns"): Promise<void> {
  if (javaScript) await page.keyboard.press("Escape");
  else await page.getByRole("link", { name: label, exact: true }).click();
  await expect(page.getByRole("form", { name: label === "Add Filter" ? "Add Filter" : "Choose columns" })).toHaveCount(0);
}

/** The query of the current URL, as the grid wrote it. */
export function currentSearch(page: Page): string {
  return new URL(page.url()).search.replace(/^\?/, "");
}

export function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/**
 * Waits for the page to show the URL matching `pattern` and the grid rendered from it: the Export
 * link carries the query the loader answered with, so it changes only once the new rows are there.
 */
export async function settled(page: Page, pattern: RegExp, title?: string): Promise<void> {
  await expect(page).toHaveURL(pattern);
  // Without JavaScript the address changes when the new document starts to arrive: its rows may still
  // be streaming in (a copied list of 8 of a page's 10 rows). With JavaScript the page loaded long ago.
  await page.waitForLoadState("load");
  await expect(page.getByRole("status", { name: "Please wait..." })).toHaveCount(0);
  const url = new URL(page.url());
  url.searchParams.delete("panel");
  // The export leaves the trust actions' switch behind (decision 0063).
  url.searchParams.delete("trust");
  const search = url.searchParams.toString().replace(/%2C/gi, ",").replace(/%2F/gi, "/");
  await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute("href", `${url.pathname}.csv${search ? `?${search}` : ""}`);
  await expect(gridTable(page, title)).toBeVisible();
}

/** The notice beside the grid that lists what was corrected in a hand-edited URL. */
export function correctionsNotice(page: Page): Locator {
  return page.getByRole("alert", { name: "Filters corrected" });
}

/** The pop-up dialog with this title and text (with and without JavaScript), closed with its OK. */
export async function acknowledge(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog
    .getByRole("link", { name: "OK" })
    .or(dialog.getByRole("button", { name: "OK" }))
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

/** trust=Y is never carried by the export link or the admin tabs (decision 0063). */
export async function expectNoTrustInExportOrTabs(page: Page): Promise<void> {
  await expect(page.getByRole("link", { name: "Export", exact: true })).not.toHaveAttribute("href", /trust/);
  const tabs = page.getByRole("navigation", { name: "Admin screens" }).getByRole("link");
  expect(await tabs.count()).toBeGreaterThan(1);
  for (const href of await tabs.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) expect(href).not.toMatch(/trust/);
}
