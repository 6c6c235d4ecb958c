import fs from "node:fs";
import { expect, test } from "./fixtures";
import { columnValues, gridTable, openGrid, totalRows, WIDE } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";
import { formatReading } from "../../app/lib/date-format";
import { transactionsGrid } from "../../app/modules/transactions/grid";
import { parseCsv, startsWithBom } from "../support/csv-text";

/**
 * The Export link downloads what the grid shows, JavaScript off and on: every matching row (the
 * total under the table, not just the page) in the visible columns and their order, as UTF-8
 * with a byte order mark (checked on the bytes: Playwright's text() drops a BOM).
 */

// Each test signs in through the identity provider and loads the grid.
test.describe.configure({ timeout: 90_000 });

const COLUMNS = [
  { id: "vin", label: "VIN" },
  { id: "scanRequestId", label: "Request ID" },
  { id: "status", label: "Process Status" },
  { id: "createdDateTime", label: "Last Updated Date" },
  { id: "licenseNo", label: "License #" },
];

function readDownload(file: string): { bytes: Buffer; records: string[][] } {
  const bytes = fs.readFileSync(file);
  return { bytes, records: parseCsv(bytes.subarray(3).toString("utf8")) };
}

test("Export downloads every matching row in the visible columns, as the grid shows them", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&status=completed&cols=${COLUMNS.map((column) => column.id).join(",")}`);
  const total = await totalRows(page);
  expect(total).toBeGreaterThan(20);
  // The table's data column headers by their accessible names, in order (row controls left out).
  const labels = new Set(transactionsGrid.columns.map((column) => column.label));
  const snapshot = await gridTable(page).locator("thead").ariaSnapshot();
  const headers = [...snapshot.matchAll(/columnheader "([^"]*)"/g)].map((match) => match[1]).filter((name) => labels.has(name));
  expect(headers).toEqual(COLUMNS.map((column) => column.label));

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const { bytes, records } = readDownload(await download.path());
  expect(startsWithBom(bytes)).toBe(true);
  // The date column's label names the zone its values are in: the grid's, named on its date chip.
  const zone = ((await page.locator(".portal-grid-zone").textContent()) ?? "").trim().replace(/ /g, "_");
  expect(zone).not.toBe("");
  expect(records[0]).toEqual(COLUMNS.map((column) => (column.id === "createdDateTime" ? `${column.label} (${zone})` : column.label)));
  expect(records.length - 1).toBe(total);

  // The first rows are the grid's first page, cell for cell (each cell's whole value); a date as
  // YYYY-MM-DD HH:mm:ss, the same instant as the cell's title to the second (decision 0070).
  const firstPage = await Promise.all(COLUMNS.map((column) => columnValues(page, column.id)));
  const dateColumn = COLUMNS.findIndex((column) => column.id === "createdDateTime");
  firstPage[0].forEach((_, row) => {
    const record = records[row + 1];
    expect(record[dateColumn]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(record.map((cell, index) => (index === dateColumn ? formatReading(cell, "detail") : cell))).toEqual(firstPage.map((cells) => cells[row].trim()));
  });
});

// An HTTP request in the page's session, no page: the same with JavaScript.
test("a provider-only user's export holds their provider's rows only, whatever the URL says @nojs-only", async ({ page }) => {
  await withSession(page, "provider");
  const response = await page.request.get(`/transactions.csv?${WIDE}&provider=1002&cols=providerId,scanRequestId`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const bytes = await response.body();
  expect(startsWithBom(bytes)).toBe(true);
  const records = parseCsv(bytes.subarray(3).toString("utf8"));
  expect(records.length).toBeGreaterThan(1);
  expect(new Set(records.slice(1).map((record) => record[0]))).toEqual(new Set([String(DEMO_PROVIDER_ID)]));
});
