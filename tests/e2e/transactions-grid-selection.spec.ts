import { test } from "./fixtures";
import { columnCells, dataRows, expect, openGrid, openPanel, searchParams, settled, totalRows, WIDE } from "./grid-page";
import { signIn } from "./sign-in";

/**
 * Row selection and the Available Actions button. Without JavaScript the checkboxes belong to the
 * bulk form and the button is always there (the resend page checks the rules); with JavaScript the
 * label counts the selection and the button shows only for Scan rows that did not fail.
 */

// Each test signs in through the identity provider and follows several full page loads.
test.describe.configure({ timeout: 90_000 });

const SCAN_COLUMNS = "cols=scanRequestId,scanType,status";

test("without JavaScript the checked rows go to the Available Actions page", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "js", "the form submission without JavaScript");
  await signIn(page, "power");
  await openGrid(page, false, `/transactions?${WIDE}&scanType=Scan&status=completed&${SCAN_COLUMNS}`);
  const total = await totalRows(page);
  await expect(page.getByText(`${total} record(s)`, { exact: true })).toBeVisible();
  const ids = (await columnCells(page, "scanRequestId").allTextContents()).slice(0, 2);
  for (const id of ids) await page.getByRole("checkbox", { name: `Select row ${id}` }).check();
  const gridUrl = new URL(page.url());
  await page.getByRole("button", { name: "Available Actions" }).click();

  await expect(page).toHaveURL(/\/transactions\/resend\?/);
  expect(searchParams(page).getAll("ids")).toEqual(ids);
  expect(searchParams(page).get("returnTo")).toBe(`${gridUrl.pathname}${gridUrl.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Available Actions" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(ids[0]);
});

test("with JavaScript the label counts the selection and Available Actions follows the rule", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "live selection needs JavaScript");
  await signIn(page, "power");
  await openGrid(page, true, `/transactions?${WIDE}&scanType=Scan&status=completed&${SCAN_COLUMNS}`);
  const total = await totalRows(page);
  const label = (selected: number) => page.getByText(`${selected} record(s) selected of ${total}`, { exact: true });
  const actions = page.getByRole("button", { name: "Available Actions" });
  await expect(label(0)).toBeVisible();
  await expect(actions).toHaveCount(0);

  const ids = await columnCells(page, "scanRequestId").allTextContents();
  await page.getByRole("checkbox", { name: `Select row ${ids[0]}` }).check();
  await expect(label(1)).toBeVisible();
  await expect(actions).toBeVisible();
  await page.getByRole("checkbox", { name: `Select row ${ids[1]}` }).check();
  await expect(label(2)).toBeVisible();

  // The selection stays across the pages of one query.
  await page.getByRole("link", { name: "Next page" }).click();
  await settled(page, /page=2/);
  await expect(label(2)).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
  const onPage = await dataRows(page).count();
  await expect(label(2 + onPage)).toBeVisible();

  // The dialog of the resend page opens over the grid with the selection.
  await actions.click();
  const dialog = page.getByRole("dialog", { name: "Available Actions" });
  await expect(dialog).toContainText(ids[0]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Applying a filter clears the selection; a row of another scan type hides the button.
  const form = await openPanel(page, true, "Add Filter");
  await form.getByLabel("Scan Type").selectOption("Calibration");
  await form.getByRole("button", { name: "Apply" }).click();
  await settled(page, /scanType=Calibration/);
  const calibrationTotal = await totalRows(page);
  await expect(page.getByText(`0 record(s) selected of ${calibrationTotal}`, { exact: true })).toBeVisible();
  const calibration = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  await page.getByRole("checkbox", { name: `Select row ${calibration}` }).check();
  await expect(page.getByText(`1 record(s) selected of ${calibrationTotal}`, { exact: true })).toBeVisible();
  await expect(actions).toHaveCount(0);
});

test("with JavaScript a failed or cancelled row hides Available Actions", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "nojs", "live selection needs JavaScript");
  await signIn(page, "power");
  await openGrid(page, true, `/transactions?${WIDE}&scanType=Scan&status=completed&status=failed&status=cancelled&sort=status&${SCAN_COLUMNS}&size=50`);
  const statuses = await columnCells(page, "status").allTextContents();
  const ids = await columnCells(page, "scanRequestId").allTextContents();
  const completed = ids[statuses.indexOf("COMPLETED")];
  const failed = ids[statuses.findIndex((status) => status === "FAILED" || status === "CANCELLED")];
  expect(completed && failed).toBeTruthy();
  const actions = page.getByRole("button", { name: "Available Actions" });
  await page.getByRole("checkbox", { name: `Select row ${completed}` }).check();
  await expect(actions).toBeVisible();
  await page.getByRole("checkbox", { name: `Select row ${failed}` }).check();
  await expect(actions).toHaveCount(0);
  await page.getByRole("checkbox", { name: `Select row ${failed}` }).uncheck();
  await expect(actions).toBeVisible();
});
