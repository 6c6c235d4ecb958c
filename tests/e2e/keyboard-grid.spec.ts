import { test } from "./fixtures";
import { columnCells, expect, gridTable, openGrid, searchParams, settled, WIDE } from "./grid-page";
import { expectFocused, expectFocusWithin, tabTo } from "./keyboard";
import { withSession } from "./sign-in";

/**
 * The Transactions grid driven by the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys,
 * Escape and typing; no click, no programmatic focus): Add Filter, a sort header, a row's expand
 * link and checkbox, and Available Actions, whose dialog (with JavaScript) holds the focus while
 * open and gives it back to its button when closed. Without JavaScript Available Actions is a page,
 * and its Cancel leads back to the grid.
 */

test.describe.configure({ timeout: 180_000 });

const START = `/transactions?${WIDE}&status=completed&cols=scanRequestId,scanType,status&size=10`;

test("a keyboard alone filters, sorts, expands and selects rows of the Transactions grid and opens Available Actions", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, START);
  const keys = page.keyboard;

  // Add Filter: the Scan Type list moved with the arrow keys, then Enter.
  await tabTo(page, page.getByRole(javaScript ? "button" : "link", { name: "Add Filter", exact: true }));
  await keys.press("Enter");
  const filters = page.getByRole("form", { name: "Add Filter" });
  await expect(filters).toBeVisible();
  const scanType = filters.getByLabel("Scan Type", { exact: true });
  await tabTo(page, scanType);
  await keys.press("ArrowDown");
  await expect(scanType).toHaveValue("Scan");
  // Enter in a text field applies the form, as Apply does (not a long list's Select all).
  await tabTo(page, filters.getByLabel("Provider Service Name", { exact: true }));
  await keys.press("Enter");
  await settled(page, /scanType=Scan/);
  expect(searchParams(page).getAll("provider")).toEqual([]);
  await expect(filters).toHaveCount(0);

  // Sort by Request ID: its header is a link.
  const requestIdHeader = gridTable(page).getByRole("columnheader", { name: "Request ID" });
  const sortBefore = await requestIdHeader.getAttribute("aria-sort");
  await tabTo(page, requestIdHeader.getByRole("link"));
  await keys.press("Enter");
  await settled(page, /sort=scanRequestId/);
  await expect(requestIdHeader).toHaveAttribute("aria-sort", /^(ascending|descending)$/);
  expect(await requestIdHeader.getAttribute("aria-sort")).not.toBe(sortBefore);

  // Expand the first row, then tick it: the expand link, and the checkbox with Space.
  const id = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  expect(id).toMatch(/^\d+$/);
  await tabTo(page, page.getByRole("link", { name: `Expand row ${id}`, exact: true }));
  await keys.press("Enter");
  await settled(page, new RegExp(`expanded=${id}`));
  await expect(page.getByRole("link", { name: `Collapse row ${id}`, exact: true })).toHaveAttribute("aria-expanded", "true");
  const checkbox = page.getByRole("checkbox", { name: `Select row ${id}` });
  await tabTo(page, checkbox);
  await keys.press("Space");
  await expect(checkbox).toBeChecked();
  const gridUrl = new URL(page.url());

  // Available Actions: back up to it with Shift+Tab (it is above the table).
  const actions = page.getByRole("button", { name: "Available Actions" });
  await tabTo(page, actions, { backwards: true });
  await keys.press("Enter");
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: "Available Actions" });
    await expect(dialog).toContainText("1 transaction(s) selected", { timeout: 30_000 });
    await expectFocusWithin(dialog);
    // The dialog holds the focus: Tab goes round its controls and never behind it.
    for (let press = 0; press < 8; press++) {
      await keys.press("Tab");
      await expectFocusWithin(dialog);
    }
    await keys.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expectFocused(actions);
    await expect(checkbox).toBeChecked();

    // Opened again and left by its own Cancel: the focus comes back to the button all the same.
    await keys.press("Enter");
    await expect(dialog).toContainText("1 transaction(s) selected", { timeout: 30_000 });
    await tabTo(page, dialog.getByRole("button", { name: "Cancel" }));
    await keys.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expectFocused(actions);
  } else {
    await expect(page).toHaveURL(/\/transactions\/resend\?/);
    expect(searchParams(page).getAll("ids")).toEqual([id]);
    await expect(page.getByRole("heading", { level: 1, name: "Available Actions" })).toBeVisible();
    await tabTo(page, page.getByRole("link", { name: "Cancel" }));
    await keys.press("Enter");
    await expect(page).toHaveURL(`${gridUrl.pathname}${gridUrl.search}`);
    await expect(gridTable(page)).toBeVisible();
  }
  expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`${gridUrl.pathname}${gridUrl.search}`);
});
