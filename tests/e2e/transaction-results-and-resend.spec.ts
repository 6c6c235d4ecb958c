import type { Page } from "@playwright/test";
import { checkAccessibility } from "./accessibility/screen-audit";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { holdRequests } from "./held-requests";
import { withSession } from "./sign-in";

/** The View Results and Reports tabs of a transaction, and its single resends ('Resend Results', 'Resend Invoice'). */

test.describe.configure({ timeout: 90_000 });

const tabs = (page: Page) => page.getByRole("navigation", { name: "Detail tabs" });

/** Ids matching a query, oldest first (the bulk resend tests take the newest ones). */
function ids(sql: string): number[] {
  return readE2eDatabase((db) => (db.prepare(sql).all() as Array<{ id: number }>).map((row) => row.id));
}

const STORED = (type: string) =>
  `exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id
     and d.transaction_type = '${type}' and d.message_direction = 'OUTBOUND' and d.message_type = 'request')`;

/** Scans whose results the rules let the user resend: a response, a Result report and the stored report message. */
const resultsResendable = () =>
  ids(`select scan_request_id as id from scan_requests r
       where scan_type = 'Scan' and type = 'diagnostics' and scan_response_id is not null
         and exists (select 1 from report_attachments a where a.scan_request_id = r.scan_request_id and a.type = 'Result')
         and ${STORED("DIAGNOSTIC_REPORT")}
       order by scan_request_id`);

/** Invoices whose status ALLOWED_FOR_RESEND_INVOICE allows (SENT, REJECTED, FAILED) with the stored invoice message. */
const invoiceResendable = () =>
  ids(`select scan_request_id as id from scan_requests r
       where type = 'diagnostics' and invoice_status in ('SENT', 'REJECTED', 'FAILED') and ${STORED("INVOICE")}
       order by scan_request_id`);

/** One id per browser project, so the two projects never resend the same transaction. */
function pick(candidates: number[], javaScript: boolean, failing: boolean): number {
  const matching = candidates.filter((id) => id % 10 === 7);
  const list = failing ? matching : candidates.filter((id) => id % 10 !== 7);
  const id = list[javaScript ? 1 : 0];
  if (id === undefined) throw new Error("the e2e demo data has too few transactions of this kind");
  return id;
}

/** The newest scan whose results hold a special function. */
function withSpecialFunctions(): number {
  const [id] = ids(`select r.scan_request_id as id from scan_requests r join scan_responses s on s.scan_request_id = r.scan_request_id
                    where r.scan_type = 'Scan' and r.type = 'diagnostics' and s.scan_result_details like '%scriptNumber%'
                    order by r.scan_request_id desc limit 1`);
  if (id === undefined) throw new Error("the e2e demo data has no scan with special functions");
  return id;
}

async function resend(page: Page, javaScript: boolean, path: string, button: "Resend Results" | "Resend Invoice") {
  await page.goto(path);
  await hydrated(page, javaScript);
  await page.getByRole("button", { name: button, exact: true }).click();
}

test("View Results lists the scan's modules and opens a special function's info on demand", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const id = withSpecialFunctions();
  await withSession(page, "power");
  await page.goto(`/transactions/${id}`);
  await hydrated(page, javaScript);
  await tabs(page).getByRole("link", { name: "View Results" }).click();
  await expect(page).toHaveURL(/tab=results/);
  await expect(page.getByRole("heading", { name: "Scan Results" })).toBeVisible();

  const fn = page.getByRole("group", { name: /^Special function / }).first();
  await fn.getByRole("link", { name: /^Show info for / }).click();
  if (!javaScript) await expect(page).toHaveURL(/sf=/);
  await expect(fn.getByRole("link", { name: /^Hide info for / })).toBeVisible();
  await expect(fn.getByText(/Description|Additional info is not available for this function\./).first()).toBeVisible();
});

test("a tab left while a special function's info is on its way is the tab gone to, never the 404 page @js-only", async ({ page }) => {
  await withSession(page, "power");
  await page.goto(`/transactions/${withSpecialFunctions()}?tab=results`);
  await hydrated(page, true);
  // Hold the info's answer (and, were it a fetcher's, its route's discovery) until the page moves on.
  const infoRequest = await holdRequests(page, /\/(__manifest\?p=%2Ftransactions%2F\d+%2Fspecial-functions|transactions\/\d+\/special-functions\/)/);
  await page
    .getByRole("group", { name: /^Special function / })
    .first()
    .getByRole("link", { name: /^Show info for / })
    .click();
  await infoRequest.asked;
  await tabs(page).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/tab=reports/);
  infoRequest.release();
  await expect(tabs(page).getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: "Reports" }).or(page.getByText("No reports."))).toBeVisible();
  await expect(page.getByText("Sorry, nothing here...(404)")).toHaveCount(0);
});

test("Reports lists the request's reports and previews one", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const [id] = ids(`select r.scan_request_id as id from scan_requests r join report_attachments a on a.scan_request_id = r.scan_request_id
                    where r.type = 'diagnostics' and a.file_type = 'pdf' and a.storage_key like 'reports/20%'
                    order by r.scan_request_id desc limit 1`);
  await withSession(page, "power");
  await page.goto(`/transactions/${id}?tab=reports`);
  await hydrated(page, javaScript);
  const reports = page.getByRole("table", { name: "Reports" });
  await expect(reports).toBeVisible();
  const view = reports.getByRole("link", { name: /^View .*\.pdf$/ }).first();
  const fileName = ((await view.getAttribute("aria-label")) ?? "").replace(/^View /, "");
  await view.click();
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: fileName });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("iframe")).toHaveAttribute("src", new RegExp(`/transactions/${id}/reports/\\d+/file`));
    await checkAccessibility(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page.getByRole("heading", { name: fileName })).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${id}\\?tab=reports`));
  }
});

for (const outcome of ["success", "failure"] as const) {
  test(`Resend Results from the Status section: ${outcome}`, async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const id = pick(resultsResendable(), javaScript, outcome === "failure");
    await withSession(page, "power");
    await resend(page, javaScript, `/transactions/${id}?tab=details&section=status`, "Resend Results");
    const dialog = page.getByRole("dialog", { name: outcome === "success" ? "Success" : "Fail" });
    await expect(dialog).toContainText(outcome === "success" ? "Scan Result Posted Successfully" : "Failed to Resend Scan Result", { timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/transactions/${id}\\?tab=details&section=status`));
  });

  test(`Resend Invoice from Invoice Information: ${outcome}`, async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const id = pick(invoiceResendable(), javaScript, outcome === "failure");
    await withSession(page, "power");
    await resend(page, javaScript, `/transactions/${id}?tab=invoice&section=information`, "Resend Invoice");
    const dialog = page.getByRole("dialog", { name: outcome === "success" ? "Success" : "Fail" });
    await expect(dialog).toContainText(outcome === "success" ? "Invoice Posted Successfully" : "Failed to Resend Invoice", { timeout: 20_000 });
  });
}

test("no resend button where the rules say no: a Sublet scan's results", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const [id] = ids(`select scan_request_id as id from scan_requests r where scan_type = 'Sublet' and type = 'diagnostics'
                    and scan_response_id is not null order by scan_request_id desc limit 1`);
  await withSession(page, "power");
  await page.goto(`/transactions/${id}?tab=details&section=status`);
  await hydrated(page, javaScript);
  await expect(page.getByText("CCCOne Response")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend Results" })).toHaveCount(0);
});
