import { test } from "./fixtures";
import { columnCells, dataRows, expect, openGrid, openPanel, searchParams, settled, totalRows, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * Row selection and the Available Actions button. Without JavaScript the checkboxes belong to the
 * bulk form and the button is always there (the resend page checks the rules); with JavaScript the
 * label counts the selection and the button shows only for Scan rows that did not fail.
 */

// Each test signs in through the identity provider and follows several full page loads.
test.describe.configure({ timeout: 90_000 });

const SCAN_COLUMNS = "cols=scanRequestId,scanType,status";

test("the checked rows go to Available Actions: its page without JavaScript, its dialog over the grid with it", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&scanType=Scan&status=completed&${SCAN_COLUMNS}`);
  const total = await totalRows(page);
  // Without JavaScript nothing counts the ticks: the line is the total and the button is always there.
  await expect(page.getByText(javaScript ? `0 record(s) selected of ${total}` : `${total} record(s)`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Available Actions" })).toHaveCount(javaScript ? 0 : 1);
  const ids = (await columnCells(page, "scanRequestId").allTextContents()).slice(0, 2);
  for (const id of ids) await page.getByRole("checkbox", { name: `Select row ${id}` }).check();
  const gridUrl = new URL(page.url());
  await page.getByRole("button", { name: "Available Actions" }).click();

  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: "Available Actions" });
    for (const id of ids) await expect(dialog).toContainText(id);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(gridUrl.href);
  } else {
    await expect(page).toHaveURL(/\/transactions\/resend\?/);
    expect(searchParams(page).getAll("ids")).toEqual(ids);
    expect(searchParams(page).get("returnTo")).toBe(`${gridUrl.pathname}${gridUrl.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Available Actions" })).toBeVisible();
    await expect(page.getByRole("table")).toContainText(ids[0]);
  }
});

test("with JavaScript the label counts a selection kept across pages and cleared by a filter; without, each page's form stands alone", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&scanType=Scan&status=completed&${SCAN_COLUMNS}`);
  const total = await totalRows(page);
  const label = (selected: number) => page.getByText(javaScript ? `${selected} record(s) selected of ${total}` : `${total} record(s)`, { exact: true });
  const ids = await columnCells(page, "scanRequestId").allTextContents();
  await page.getByRole("checkbox", { name: `Select row ${ids[0]}` }).check();
  await page.getByRole("checkbox", { name: `Select row ${ids[1]}` }).check();
  await expect(label(2)).toBeVisible();

  await page.getByRole("link", { name: "Next page" }).click();
  await settled(page, /page=2/);
  if (!javaScript) {
    // A page is a new form: the ticks of page 1 are not carried, nothing is ticked here.
    await expect(label(0)).toBeVisible();
    await expect(dataRows(page).first().getByRole("checkbox")).not.toBeChecked();
    return;
  }
  // With JavaScript the selection stays across the pages of one query.
  await expect(label(2)).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
  const onPage = await dataRows(page).count();
  await expect(label(2 + onPage)).toBeVisible();

  // Applying a filter clears the selection; a row of another scan type hides the button.
  const actions = page.getByRole("button", { name: "Available Actions" });
  const form = await openPanel(page, true, "Add Filter");
  await form.getByLabel("Scan Type", { exact: true }).selectOption("Calibration");
  await form.getByRole("button", { name: "Apply" }).click();
  await settled(page, /scanType=Calibration/);
  const calibrationTotal = await totalRows(page);
  await expect(page.getByText(`0 record(s) selected of ${calibrationTotal}`, { exact: true })).toBeVisible();
  const calibration = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  await page.getByRole("checkbox", { name: `Select row ${calibration}` }).check();
  await expect(page.getByText(`1 record(s) selected of ${calibrationTotal}`, { exact: true })).toBeVisible();
  await expect(actions).toHaveCount(0);
});

test("a failed or cancelled row among the selection: the button hides with JavaScript, the resend page refuses without", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions?${WIDE}&scanType=Scan&status=completed&status=failed&status=cancelled&sort=status&${SCAN_COLUMNS}&size=50`);
  const statuses = await columnCells(page, "status").allTextContents();
  const ids = await columnCells(page, "scanRequestId").allTextContents();
  const completed = ids[statuses.indexOf("COMPLETED")];
  const failed = ids[statuses.findIndex((status) => status === "FAILED" || status === "CANCELLED")];
  expect(completed, "a COMPLETED row on the page").toMatch(/^\d+$/);
  expect(failed, "a FAILED or CANCELLED row on the page").toMatch(/^\d+$/);
  const actions = page.getByRole("button", { name: "Available Actions" });
  await page.getByRole("checkbox", { name: `Select row ${completed}` }).check();
  await expect(actions).toBeVisible();
  await page.getByRole("checkbox", { name: `Select row ${failed}` }).check();
  if (javaScript) {
    await expect(actions).toHaveCount(0);
    await page.getByRole("checkbox", { name: `Select row ${failed}` }).uncheck();
    await expect(actions).toBeVisible();
  } else {
    // The server checks the same rule: the page says why, and offers no Confirm.
    await actions.click();
    await expect(page).toHaveURL(/\/transactions\/resend\?/);
    await expect(page.getByRole("alert")).toContainText(`Failed or cancelled transactions cannot be resent: ${failed}`);
    await expect(page.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  }
});
