import { otherScanTypeTransactions, resendableTransactions, type ResendCandidate } from "./e2e-database";
import { expect, test } from "./fixtures";
import { signIn, waitForPage } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

/**
 * Bulk resend from the Available Actions page, with JavaScript off and on, against the built-in
 * CCC ONE sandbox (which fails ids ending in 7 in e2e runs: playwright.config.ts). Each project
 * and test uses rows of its own: the two projects run at the same time.
 */

// Each test signs in through the identity provider and waits for calls to CCC ONE.
test.describe.configure({ timeout: 90_000 });

const RESULT_TITLE = "Diagnostic report and Invoice status";
/** The calls to CCC ONE happen between Confirm and the pop-up: more than 5 s on a busy machine. */
const AFTER_CONFIRM = { timeout: 30_000 };
const failsInSandbox = (row: ResendCandidate) => String(row.scanRequestId).endsWith("7");

/** Rows for one test: `slot` separates the tests, the project separates the two runs. */
function rowsFor(projectName: string, slot: number, fits: (row: ResendCandidate) => boolean, count: number): number[] {
  const offset = (projectName === "js" ? 1 : 0) + slot * 2;
  const fitting = resendableTransactions().filter(fits);
  const chosen = fitting.filter((_, index) => index % 6 === offset).slice(0, count);
  if (chosen.length < count) throw new Error(`Not enough rows for slot ${slot}`);
  return chosen.map((row) => row.scanRequestId);
}

function resendPath(ids: readonly number[], back = "/home"): string {
  const query = new URLSearchParams();
  for (const id of ids) query.append("ids", String(id));
  query.set("back", back);
  return `/transactions/resend?${query.toString()}`;
}

test("resends selected Scan transactions and lists one result line per transaction", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  // The provider-only user resends the provider's own rows; the power user anyone's.
  const ids = rowsFor(testInfo.project.name, 0, (row) => !failsInSandbox(row) && (javaScript || row.providerId === DEMO_PROVIDER_ID), 2);
  await signIn(page, javaScript ? "power" : "provider", { path: `/login?returnTo=${encodeURIComponent(resendPath(ids))}` });
  await waitForPage(page, javaScript);

  await expect(page.getByRole("heading", { level: 1, name: "Available Actions" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(String(ids[0]));
  await expect(page.getByText("2 transaction(s) selected")).toBeVisible();
  const form = page.getByRole("form", { name: "Available Actions" });
  await expect(form.getByLabel("resubmit the diagnostic result to CCCONE")).toBeChecked();
  await expect(form.getByLabel("resubmit the diagnostic invoice to CCCONE")).not.toBeChecked();
  await form.getByLabel("resubmit the diagnostic invoice to CCCONE").check();
  await form.getByRole("button", { name: "Confirm" }).click();

  await expect(page).toHaveURL(/\/home$/, AFTER_CONFIRM);
  const dialog = page.getByRole("dialog", { name: RESULT_TITLE });
  await expect(dialog).toContainText("Results for 2 transaction(s):");
  const lines = dialog.getByRole("listitem");
  await expect(lines).toHaveCount(2);
  for (const [index, id] of ids.entries()) {
    await expect(lines.nth(index)).toHaveText(new RegExp(`^Request ${id}: Scan Result Posted Successfully; Invoice Posted Successfully \\(`));
  }
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("shows a CCC ONE failure as that transaction's line", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const [failing] = rowsFor(testInfo.project.name, 1, failsInSandbox, 1);
  const [fine] = rowsFor(testInfo.project.name, 1, (row) => !failsInSandbox(row), 1);
  await signIn(page, "admin", { path: `/login?returnTo=${encodeURIComponent(resendPath([failing, fine]))}` });
  await waitForPage(page, javaScript);

  await page.getByRole("form", { name: "Available Actions" }).getByRole("button", { name: "Confirm" }).click();
  const dialog = page.getByRole("dialog", { name: RESULT_TITLE });
  await expect(dialog).toBeVisible(AFTER_CONFIRM);
  await expect(dialog.getByRole("listitem")).toHaveText([
    `Request ${failing}: Failed to Resend Scan Result (CCC ONE answered HTTP 503: ERROR 5003: CCC ONE service unavailable (sandbox failure rule))`,
    new RegExp(`^Request ${fine}: Scan Result Posted Successfully$`),
  ]);
});

test("refuses a selection with a row that is not a Scan, and offers only Cancel", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const [scan] = rowsFor(testInfo.project.name, 2, () => true, 1);
  const other = otherScanTypeTransactions()[javaScript ? 1 : 0];
  const back = "/home?from=grid";
  await signIn(page, "power", { path: `/login?returnTo=${encodeURIComponent(resendPath([scan, other.scanRequestId], back))}` });
  await waitForPage(page, javaScript);

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("These transactions cannot be resent");
  await expect(alert).toContainText(`Only transactions with scan type Scan can be resent: ${other.scanRequestId} (${other.scanType}).`);
  await expect(page.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/home\?from=grid$/);
});
