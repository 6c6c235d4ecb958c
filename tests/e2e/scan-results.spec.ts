import fs from "node:fs";
import path from "node:path";
import { parseCsv, startsWithBom } from "../support/csv-text";
import { checkAccessibility } from "./accessibility/screen-audit";
import { rangeEnd, rangeToday } from "./date-range";
import { readE2eDatabase, resendableTransactions } from "./e2e-database";
import { test } from "./fixtures";
import { columnCells, daysAgo, expect, openGrid, openPanel, settled, totalRows, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The Scan Results table (/transactions/scanResults) with JavaScript off and on: the default
 * window, the column chooser, one expanded row with its sections, a document and a report from it,
 * Available Actions, the export, and a provider user's 404 (the page is staff-only in the demo
 * configuration). The two projects run at once: each signs in as its own staff user, so their
 * remembered queries do not meet.
 */

test.describe.configure({ timeout: 90_000 });

const TITLE = "Scan Results";
const PATH = "/transactions/scanResults";
const SERVER_ROUND_TRIP = { timeout: 30_000 };

function userOf(javaScript: boolean): string {
  return javaScript ? "power" : "admin";
}

interface ExpandableRow {
  scanRequestId: number;
  scanResponseId: number;
  vin: string;
  fileName: string;
  storageKey: string;
}

/**
 * Scan results from 140 to 2 days ago (well inside WIDE in any zone; the newest demo responses can
 * be stamped a little after now) with workflow documents and a PDF report whose file is there.
 */
function rowsWithDocumentsAndReports(): ExpandableRow[] {
  const since = `${daysAgo(140)}T00:00:00.000Z`;
  const until = `${daysAgo(2)}T00:00:00.000Z`;
  const rows = readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select r.scan_request_id as scanRequestId, r.scan_response_id as scanResponseId, r.vin, ra.file_name as fileName, ra.storage_key as storageKey
           from scan_responses r join report_attachments ra on ra.scan_request_id = r.scan_request_id
           where r.created_date_time >= ? and r.created_date_time < ? and ra.file_type = 'pdf' and ra.storage_key is not null
             and exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id)
           order by r.scan_request_id desc`,
        )
        .all(since, until) as ExpandableRow[],
  );
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  return rows.filter((row) => fs.existsSync(path.join(dataDir, "files", ...row.storageKey.split("/"))));
}

test("opens on the last 7 days up to today, newest first, and chooses its columns", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, userOf(javaScript));
  await openGrid(page, javaScript, `${PATH}?clear=1`, TITLE);
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  const today = await rangeToday(page, javaScript, "Scan Date");
  expect([daysAgo(1), daysAgo(0), daysAgo(-1)]).toContain(today);
  await expect(rangeEnd(page, javaScript, "Scan Date", "to")).toHaveValue(today);
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(rangeEnd(page, javaScript, "Scan Date", "from")).toHaveValue(weekAgo);
  await expect(page.getByRole("columnheader", { name: "Created Date" })).toHaveAttribute("aria-sort", "descending");
  for (const label of ["Scan Response ID", "Request ID", "Provider", "Shop Name", "VIN", "Scan Type", "Status", "CCCOne Status"]) {
    await expect(page.getByRole("columnheader", { name: label, exact: true })).toBeVisible();
  }
  expect(await totalRows(page)).toBeGreaterThan(0);

  const form = await openPanel(page, javaScript, "Columns");
  await form.getByLabel("Serial #", { exact: true }).check();
  await form.getByLabel("Model", { exact: true }).uncheck();
  await form.getByRole("button", { name: "Apply" }).click();
  await settled(page, /cols=/, TITLE);
  await expect(page.getByRole("columnheader", { name: "Serial #" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Model", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", `${PATH}?${new URL(page.url()).search.slice(1)}`);
});

test("expands a row into its sections, and shows a document and a report from it", async ({ page }, testInfo) => {
  // Expanding and collapsing, one row at a time, is the grid engine's (transactions-grid.spec.ts);
  // here the Scan Results row: its sections, a document and a report.
  const javaScript = testInfo.project.name === "js";
  await withSession(page, userOf(javaScript));
  const row = rowsWithDocumentsAndReports()[javaScript ? 1 : 0];
  expect(row).toBeDefined();
  if (!row) return;
  await openGrid(page, javaScript, `${PATH}?${WIDE}&vin=${row.vin}`, TITLE);
  await page.getByRole("link", { name: `Expand row ${row.scanRequestId}` }).click();
  await settled(page, new RegExp(`expanded=${row.scanRequestId}`), TITLE);
  const tableUrl = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
  const regions = page.getByRole("region", { name: /^Details of scan response / });
  await expect(regions).toHaveCount(1);
  const details = page.getByRole("region", { name: `Details of scan response ${row.scanResponseId}` });
  await expect(details).toBeVisible();
  for (const section of ["Transaction Details", "View Results", "Invoice Details", "Documents", "Reports"]) {
    await expect(details.getByRole("heading", { name: section, exact: true })).toBeVisible();
  }
  for (const label of ["Provider", "Shop Name", "Year", "Make", "Model", "VIN"]) await expect(details.getByText(label, { exact: true }).first()).toBeVisible();

  // A workflow document: its page without JavaScript (Close comes back here), a dialog with it.
  const documents = details.getByRole("region", { name: "Documents" });
  const view = documents.getByRole("link", { name: /^View \S+ document \d+ of / }).first();
  await view.click();
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: /message details for/ });
    await expect(dialog.getByLabel("Document contents")).toBeVisible(SERVER_ROUND_TRIP);
    await checkAccessibility(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/\/transactions\/documents\/\d+\?back=/);
    await expect(page.getByRole("heading", { level: 1, name: /message details for/ })).toBeVisible();
    await expect(page.getByLabel("Document contents")).toBeVisible();
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`expanded=${row.scanRequestId}`));
  }

  // A report: the preview page without JavaScript (Back comes back here), the preview dialog with it.
  const reports = page.getByRole("region", { name: `Details of scan response ${row.scanResponseId}` }).getByRole("region", { name: "Reports" });
  await reports
    .getByRole("link", { name: `View ${row.fileName}` })
    .first()
    .click();
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: row.fileName });
    await expect(dialog.locator(`iframe[title="${row.fileName}"]`)).toBeVisible(SERVER_ROUND_TRIP);
    await checkAccessibility(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(new RegExp(`/transactions/${row.scanRequestId}/reports/\\d+\\?back=`));
    await expect(page.getByRole("heading", { level: 1, name: row.fileName })).toBeVisible();
    await expect(page.locator(`iframe[title="${row.fileName}"]`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", tableUrl);
  }
});

test("resubmits selected Scan rows with Available Actions, a CCC ONE failure included", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, userOf(javaScript));
  await openGrid(page, javaScript, `${PATH}?${WIDE}&scanType=Scan&status=COMPLETED&cols=scanResponseId,scanRequestId,scanType,status&size=50`, TITLE);
  const gridUrl = new URL(page.url());

  const resendable = new Set(resendableTransactions().map((row) => String(row.scanRequestId)));
  const onPage = (await columnCells(page, "scanRequestId", TITLE).allTextContents()).filter((id) => resendable.has(id));
  // Each project resends rows of its own; the sandbox fails ids ending in 7.
  const parity = javaScript ? 1 : 0;
  const fine = onPage
    .filter((id) => !id.endsWith("7"))
    .filter((_, index) => index % 2 === parity)
    .slice(0, 1);
  const sevens = onPage.filter((id) => id.endsWith("7"));
  const failing = sevens[parity] ?? sevens[0];
  expect(fine).toHaveLength(1);
  expect(failing).toBeDefined();
  const ids = [...fine, failing ?? ""];
  for (const id of ids) await page.getByRole("checkbox", { name: `Select row ${id}` }).check();
  await page.getByRole("button", { name: "Available Actions" }).click();

  const form = page.getByRole("form", { name: "Available Actions" });
  if (javaScript) await expect(page.getByRole("dialog", { name: "Available Actions" })).toContainText("2 transaction(s) selected", SERVER_ROUND_TRIP);
  else await expect(page).toHaveURL(/\/transactions\/resend\?/, SERVER_ROUND_TRIP);
  await form.getByRole("button", { name: "Confirm" }).click();

  const popup = page.getByRole("dialog", { name: "Diagnostic report and Invoice status" });
  await expect(popup).toContainText("Results for 2 transaction(s):", SERVER_ROUND_TRIP);
  const texts = await popup.getByRole("listitem").allTextContents();
  expect(texts.find((line) => line.startsWith(`Request ${fine[0]}: `))).toMatch(/^Request \d+: Scan Result Posted Successfully/);
  expect(texts.find((line) => line.startsWith(`Request ${failing}: `))).toMatch(/^Request \d+: Failed to Resend Scan Result \(CCC ONE answered HTTP 503: /);
  // Back on the table the user came from.
  expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`${gridUrl.pathname}${gridUrl.search}`);
  await popup.getByRole("link", { name: "OK" }).click();
  await expect(popup).toHaveCount(0);

  if (javaScript) {
    // A row of another scan type in the selection: no Available Actions.
    await openGrid(page, javaScript, `${PATH}?${WIDE}&scanType=Calibration&cols=scanRequestId,scanType`, TITLE);
    const other = (await columnCells(page, "scanRequestId", TITLE).first().textContent()) ?? "";
    await page.getByRole("checkbox", { name: `Select row ${other}` }).check();
    await expect(page.getByRole("button", { name: "Available Actions" })).toHaveCount(0);
  }
});

// The Export link is the grid engine's plain download link on every grid, which
// grid-csv-export.spec.ts follows with and without JavaScript; here, once, the Scan Results file.
test("Export downloads every matching row in the visible columns @nojs-only", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, userOf(javaScript));
  await openGrid(page, javaScript, `${PATH}?${WIDE}&scanType=Scan&cols=scanResponseId,scanRequestId,createdDateTime,status`, TITLE);
  const total = await totalRows(page);
  const firstIds = await columnCells(page, "scanResponseId", TITLE).allTextContents();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Scan-Results-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect(startsWithBom(bytes)).toBe(true);
  const records = parseCsv(bytes.subarray(3).toString("utf8"));
  // The date column names the zone of its values, the grid's (decision 0070).
  const zone = ((await page.locator(".portal-grid-zone").textContent()) ?? "").trim().replace(/ /g, "_");
  expect(records[0]).toEqual(["Scan Response ID", "Request ID", `Created Date (${zone})`, "Status"]);
  expect(records.length - 1).toBe(total);
  expect(records.slice(1, firstIds.length + 1).map((record) => record[0])).toEqual(firstIds);
});

test("a provider user cannot open the table or its export", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowNotFound(`${PATH}*`);
  await withSession(page, "provider");
  const response = await page.goto(`${PATH}?${WIDE}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Sorry, nothing here...(404)")).toBeVisible();
  // Inside the signed-in shell: the top bar stays, and no tab offers the table.
  await expect(page.getByRole("link", { name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
  await page.goto("/transactions");
  await expect(page.getByRole("navigation", { name: "Transaction views" }).getByRole("link")).not.toContainText([TITLE]);
  expect((await page.request.get(`${PATH}.csv?${WIDE}`)).status()).toBe(404);
  if (javaScript) await expect(page.getByRole("table", { name: TITLE })).toHaveCount(0);
});

test("staff reach the table from the Transactions tabs", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, userOf(javaScript));
  await openGrid(page, javaScript, "/transactions", "Transactions");
  const tabs = page.getByRole("navigation", { name: "Transaction views" });
  await tabs.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(/\/transactions\/scanResults(\?.*)?$/);
  await expect(page.getByRole("table", { name: TITLE })).toBeVisible();
  await expect(tabs.getByRole("link", { name: TITLE })).toHaveAttribute("aria-current", "page");
});
