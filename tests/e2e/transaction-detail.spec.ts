import { checkAccessibility } from "./accessibility/screen-audit";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
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
  const service = readE2eDatabase(
    (db) => db.prepare("select scan_request_id as id from scan_requests where type = 'services' order by scan_request_id desc limit 1").get() as { id: number },
  );
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
  await expect(page.getByRole("list", { name: "Service Line Details" }).getByRole("listitem").first()).toBeVisible();
  await sections(page).getByRole("link", { name: "Attachments" }).click();
  const view = page
    .getByRole("table", { name: "Attachments" })
    .getByRole("link", { name: /^View / })
    .first();
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
  // Indented as on the viewer's page, not one line.
  await expect
    .poll(async () => linesOf(await dialog.getByLabel("Document contents").textContent()))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^ {2}\S/)]));
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

/** The lines of a text, for checks on indentation (Playwright's text assertions fold white space). */
function linesOf(text: string | null): string[] {
  return (text ?? "").split("\n");
}

/** One stored document of a content type, with its contents. */
function storedDocument(contentType: "application/xml" | "application/json"): { id: number; messageContent: string } {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select id, message_content as messageContent from transaction_documents where content_type = ? and scan_request_id is not null order by id limit 1",
        )
        .get(contentType) as { id: number; messageContent: string },
  );
}

test("shows a stored XML and a stored JSON document indented, one element or member a line", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  for (const contentType of ["application/xml", "application/json"] as const) {
    const stored = storedDocument(contentType);
    expect(stored.messageContent.includes("\n"), "the demo data stores documents on one line").toBe(false);
    await page.goto(`/transactions/documents/${stored.id}`);
    await hydrated(page, javaScript);
    const contents = page.getByLabel("Document contents");
    await expect(contents).toBeVisible();
    const lines = linesOf(await contents.textContent());
    expect(lines.length).toBeGreaterThan(3);
    expect(
      lines.some((line) => /^ {4}\S/.test(line)),
      "nested lines are indented",
    ).toBe(true);
    // The same document, only laid out: nothing added or lost.
    expect(
      lines
        .map((line) => line.trim())
        .join("")
        .replace(/": /g, '":'),
    ).toBe(stored.messageContent.replace(/": /g, '":'));
    // Its box fits the page: long lines wrap rather than scroll sideways.
    const box = await contents.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
  }
});

test("a grid's Request ID opens the view over the grid with JavaScript (tabs inside, Back closes it), as a page without", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&status=COMPLETED`);
  const gridUrl = page.url();
  const link = columnCells(page, "scanRequestId").first().getByRole("link");
  const id = (await link.textContent()) ?? "";
  const viewUrl = new URL((await link.getAttribute("href")) ?? "", gridUrl).href;
  await link.click();
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
  await expect(dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "Transaction Details" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The address bar shows the view's own URL, the link's.
  await expect(page).toHaveURL(viewUrl);
  await checkAccessibility(page);

  await dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "Invoice Details" }).click();
  await expect(dialog.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Invoice Information" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveURL(`${viewUrl}&tab=invoice&section=information`);
  await dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "View Results" }).click();
  await expect(dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "View Results" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveURL(`${viewUrl}&tab=results&section=results`);
  // The grid stays where it was, behind the dialog.
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);

  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(gridUrl);
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);
});

test("the detail dialog's URL: the browser's Back closes it, a reload shows the view as a page and Back returns to the grid @js-only", async ({ page }) => {
  await withSession(page, "power");
  await openGrid(page, true, `/transactions?${WIDE}&status=COMPLETED`);
  const gridUrl = page.url();
  const link = columnCells(page, "scanRequestId").first().getByRole("link");
  const id = (await link.textContent()) ?? "";
  const viewUrl = new URL((await link.getAttribute("href")) ?? "", gridUrl).href;
  const dialog = page.getByRole("dialog");
  const dialogHeading = dialog.getByRole("heading", { name: `Diagnostics Service Request ID: ${id}`, exact: true });

  await link.click();
  await expect(dialogHeading).toBeVisible();
  await expect(page).toHaveURL(viewUrl);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(gridUrl);
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);

  // Escape closes it the same way.
  await link.click();
  await expect(dialogHeading).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(gridUrl);

  // A reload (or the bookmarked URL) is the view as a page, on the tab the dialog showed.
  await link.click();
  await dialog.getByRole("navigation", { name: "Detail tabs" }).getByRole("link", { name: "Invoice Details" }).click();
  await expect(page).toHaveURL(`${viewUrl}&tab=invoice&section=information`);
  await page.reload();
  await hydrated(page, true);
  await expect(page.getByRole("heading", { name: `Diagnostics Service Request ID: ${id}`, exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(tabs(page).getByRole("link", { name: "Invoice Details" })).toHaveAttribute("aria-current", "page");

  await page.goBack();
  await expect(page).toHaveURL(gridUrl);
  await expect(columnCells(page, "scanRequestId").first()).toHaveText(id);
});
