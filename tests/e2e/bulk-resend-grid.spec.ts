import { checkAccessibility } from "./accessibility/screen-audit";
import { resendableTransactions } from "./e2e-database";
import { expect, test } from "./fixtures";
import { columnCells, gridTable, openGrid, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * Bulk resend from the Transactions grid: select rows, Available Actions, Confirm, and the pop-up
 * over the grid lists one line per transaction. Without JavaScript the grid's bulk form opens the
 * resend page and Confirm comes back to the grid; with JavaScript the dialog opens over the grid
 * and posts with a fetcher. The e2e sandbox fails ids ending in 7 (playwright.config.ts).
 */

test.describe.configure({ timeout: 90_000 });

const RESULT_TITLE = "Diagnostic report and Invoice status";
/** The dialog loads the selection from the server, and Confirm waits for CCC ONE: slow on a busy machine. */
const SERVER_ROUND_TRIP = { timeout: 30_000 };

test("resends rows selected in the grid and shows their lines, a CCC ONE failure included, over the grid", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  // The power user: the grid remembers each user's last query, and the other grid tests that use
  // this account do not depend on it (admin's and provider's do).
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&scanType=Scan&status=completed&cols=scanRequestId,scanType,status&size=50`);
  const gridUrl = new URL(page.url());

  const resendable = new Set(resendableTransactions().map((row) => String(row.scanRequestId)));
  const onPage = (await columnCells(page, "scanRequestId").allTextContents()).filter((id) => resendable.has(id));
  // The two projects run at the same time: each resends successful rows of its own. A failing
  // row (the sandbox fails ids ending in 7) may be shared: both attempts fail and are recorded.
  const parity = javaScript ? 1 : 0;
  const fine = onPage
    .filter((id) => !id.endsWith("7"))
    .filter((_, index) => index % 2 === parity)
    .slice(0, 2);
  const sevens = onPage.filter((id) => id.endsWith("7"));
  const failing = sevens[parity] ?? sevens[0];
  expect(fine).toHaveLength(2);
  expect(failing).toBeDefined();
  const ids = [...fine, failing ?? ""];
  for (const id of ids) await page.getByRole("checkbox", { name: `Select row ${id}` }).check();
  await page.getByRole("button", { name: "Available Actions" }).click();

  const form = page.getByRole("form", { name: "Available Actions" });
  if (javaScript) await expect(page.getByRole("dialog", { name: "Available Actions" })).toContainText("3 transaction(s) selected", SERVER_ROUND_TRIP);
  else await expect(page).toHaveURL(/\/transactions\/resend\?/, SERVER_ROUND_TRIP);
  await checkAccessibility(page);
  await form.getByLabel("resubmit the diagnostic invoice to CCCONE").check();
  await form.getByRole("button", { name: "Confirm" }).click();

  const popup = page.getByRole("dialog", { name: RESULT_TITLE });
  await expect(popup).toContainText("Results for 3 transaction(s):", SERVER_ROUND_TRIP);
  await checkAccessibility(page);
  const lines = popup.getByRole("listitem");
  await expect(lines).toHaveCount(3);
  const texts = await lines.allTextContents();
  for (const id of fine) {
    expect(texts.find((line) => line.startsWith(`Request ${id}: `))).toMatch(/^Request \d+: Scan Result Posted Successfully; Invoice Posted Successfully \(/);
  }
  expect(texts.find((line) => line.startsWith(`Request ${failing}: `))).toMatch(
    /^Request \d+: Failed to Resend Scan Result \(CCC ONE answered HTTP 503: .*\); Failed to Resend Invoice \(CCC ONE answered HTTP 503: /,
  );

  // Back on the grid the user came from.
  expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`${gridUrl.pathname}${gridUrl.search}`);
  await expect(gridTable(page)).toBeVisible();
  await popup.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog", { name: RESULT_TITLE })).toHaveCount(0);
});
