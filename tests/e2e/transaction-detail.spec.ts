import { checkAccessibility } from "./accessibility/screen-audit";
import { test } from "./fixtures";
import { readE2eDatabase } from "./e2e-database";
import { columnCells, expect, hydrated, openGrid, WIDE } from "./grid-page";
import { signIn, withSession } from "./sign-in";

/** The detail views: header card, tabs and sub-tabs as links, Back to the grid's query, VIN copy, the document viewer and quote attachments. */

test.describe.configure({ timeout: 90_000 });

const tabs = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Detail tabs" });
const sections = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Sections" });

/** A request with an invoice and a quote that has an attachment, of the demo provider. */
function richRequest(): { scanRequestId: number; quoteId: number; vin: string } {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select r.scan_request_id as scanRequestId, r.quote_id as quoteId, r.vin as vin from scan_requests r
           join invoices i on i.scan_request_id = r.scan_request_id
           where r.quote_id is not null and r.type = 'diagnostics'
             and exists (select 1 from quote_attachments a where a.quote_id = r.quote_id)
           order by r.scan_request_id desc limit 1`,
        )
        .get() as { scanRequestId: number; quoteId: number; vin: string },
  );
}

test("opens a transaction from the grid, moves between tabs by links, and goes Back to the same grid query", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  const gridPath = `/transactions?${WIDE}&status=COMPLETED`;
  await openGrid(page, javaScript, gridPath);
  const gridUrl = page.url();
  const id = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  if (javaScript) {
    // With JavaScript the grid opens the view in a full-screen dialog; "Open as a page" is its URL.
    await columnCells(page, "scanRequestId").first().getByRole("link").click();
    await page.getByRole("dialog").getByRole("link", { name: "Open as a page" }).click();
  } else {
    await columnCells(page, "scanRequestId").first().getByRole("link").click();
  }
  await expect(page.getByRole("heading", { name: `Diagnostics Service Request ID: ${id}` })).toBeVisible();
  await hydrated(page, javaScript);
  await expect(page.locator("svg[role=img] [data-area]")).toHaveCount(15);
  await expect(tabs(page).getByRole("link", { name: "Transaction Details" })).toHaveAttribute("aria-current", "page");
  await expect(sections(page).getByRole("link", { name: "Service Information" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Response Wait Time")).toBeVisible();

  await sections(page).getByRole("link", { name: "Status" }).click();
  await expect(page.getByText("CCCOne Response")).toBeVisible();
  await expect(page.getByText("Provider Status")).toBeVisible();

  await tabs(page).getByRole("link", { name: "Invoice Details" }).click();
  await expect(sections(page).getByRole("link", { name: "Invoice Information" })).toHaveAttribute("aria-current", "page");
  await sections(page).getByRole("link", { name: "Invoice Line Details" }).click();
  await expect(page).toHaveURL(/tab=invoice&section=lines/);
  await expect(page.getByRole("table", { name: "Invoice Line Details" }).or(page.getByText("No invoice lines."))).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Service Summary")).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(gridUrl);
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);
});

test("shows a service's details and a quote from the quote grid with only Quote Details, its lines and attachments", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const service = readE2eDatabase((db) => db.prepare("select scan_request_id as id from scan_requests where type = 'services' order by scan_request_id desc limit 1").get() as { id: number });
  const { quoteId } = richRequest();
  await signIn(page, "power", { path: `/transactions/services/${service.id}` });
  await hydrated(page, javaScript);
  await expect(page.getByRole("heading", { name: `Diagnostics Service Request ID: ${service.id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/transactions/services");

  await page.goto(`/transactions/quotes/${quoteId}?back=${encodeURIComponent(`/transactions/quotes?${WIDE}`)}`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("heading", { name: `Diagnostics Quote ID: ${quoteId}` })).toBeVisible();
  await expect(tabs(page).getByRole("link")).toHaveText(["Quote Details"]);
  await expect(page.getByText("Insurance Company Name")).toBeVisible();
  await sections(page).getByRole("link", { name: "Service Line Details" }).click();
  await expect(page.getByRole("table", { name: "Service Line Details" })).toBeVisible();
  await sections(page).getByRole("link", { name: "Attachments" }).click();
  const view = page.getByRole("table", { name: "Attachments" }).getByRole("link", { name: /^View / }).first();
  const href = (await view.getAttribute("href")) ?? "";
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["content-type"]).toMatch(/^(application\/pdf|image\/png)$/);
  expect(file.headers()["content-disposition"]).toMatch(/^inline; filename="[A-Za-z]+_\d+\.(pdf|png)"$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/quotes\\?${WIDE}`));
});

test("shows the VIN as text, copied with a notice when JavaScript runs", async ({ page, context }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const { scanRequestId, vin } = richRequest();
  await signIn(page, "power", { path: `/transactions/${scanRequestId}` });
  await hydrated(page, javaScript);
  await expect(page.getByText(vin, { exact: true })).toBeVisible();
  const copy = page.getByRole("button", { name: "Copy VIN" });
  if (!javaScript) {
    await expect(copy).toHaveCount(0);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await copy.click();
  await expect(page.getByRole("status").filter({ hasText: `${vin} number copied.` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vin);
});

test("opens a workflow document: a page of its own without JavaScript, a dialog with it, and downloads it", async ({ page, context }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const { scanRequestId } = richRequest();
  await signIn(page, "power", { path: `/transactions/${scanRequestId}?tab=details&section=logs` });
  await hydrated(page, javaScript);
  const logs = page.getByRole("table", { name: "Workflow Logs" });
  await expect(logs.getByRole("cell", { name: "INVOICE" })).toHaveCount(0);
  await logs.getByRole("link", { name: /^View request document \d+ of SCAN_REQUEST$/ }).click();
  const title = "Request message details for SCAN_REQUEST";

  if (!javaScript) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/transactions\/documents\/\d+\?back=/);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download" }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^SCAN_REQUEST-request-\d+\.(json|xml)$/);
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${scanRequestId}\\?tab=details&section=logs$`));
    return;
  }
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Document contents")).toContainText("{");
  await checkAccessibility(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy to Clipboard" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Copied to Clipboard." })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download" }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^SCAN_REQUEST-request-\d+\.(json|xml)$/);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/transactions/${scanRequestId}\\?tab=details&section=logs$`));
});

test("a grid's Request ID opens the view over the grid with JavaScript (tabs inside, Back closes it), as a page without", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&status=COMPLETED`);
  const gridUrl = page.url();
  const id = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  await columnCells(page, "scanRequestId").first().getByRole("link").click();
  const heading = page.getByRole("heading", { name: `Diagnostics Service Request ID: ${id}`, exact: true });
  await expect(heading).toBeVisible();
  if (!javaScript) {
    // Without JavaScript the link is the view's own page.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/transactions/${id}\\?back=`));
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(gridUrl);
    return;
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Diagnostics Service Request ID: ${id}`, exact: true })).toBeVisible();
  await expect(dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "Transaction Details" })).toHaveAttribute("aria-current", "page");
  await checkAccessibility(page);

  await dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "Invoice Details" }).click();
  await expect(dialog.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Invoice Information" })).toHaveAttribute("aria-current", "page");
  await dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "View Results" }).click();
  await expect(dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "View Results" })).toHaveAttribute("aria-current", "page");
  // The grid stays where it was, behind the dialog.
  expect(page.url()).toBe(gridUrl);

  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(page.url()).toBe(gridUrl);
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);
});
