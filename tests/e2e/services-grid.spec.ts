import { chooseDates } from "./date-range";
import { test } from "./fixtures";
import { columnCells, columnTexts, daysAgo, expect, openGrid, openPanel, searchParams, settled, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/** The Services grid: services only, no Master ID or Billable column, no Billable or Type filter, Type not shown by default, and the Scan Date chip. */

// Each test signs in through the identity provider and follows several full page loads.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await withSession(page, "power");
});

test("shows service requests only, with the Scan Date range and its own columns and filters", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await openGrid(page, javaScript, `/transactions/services?${WIDE}`, "Services");
  await expect(page.getByRole("navigation", { name: "Transaction views" }).getByRole("link", { name: "Service" })).toHaveAttribute("aria-current", "page");
  // Every row's type is 'services': not a column by default.
  await expect(page.getByRole("columnheader", { name: "Type", exact: true })).toHaveCount(0);
  await expect(columnCells(page, "type", "Services")).toHaveCount(0);
  const id = (await columnCells(page, "scanRequestId", "Services").first().textContent()) ?? "";
  await expect(columnCells(page, "scanRequestId", "Services").first().getByRole("link")).toHaveAttribute(
    "href",
    `/transactions/services/${id}?${new URLSearchParams({ back: `/transactions/services?${new URL(page.url()).search.slice(1)}` })}`,
  );

  const columns = await openPanel(page, javaScript, "Columns");
  await expect(columns.getByLabel("Master ID")).toHaveCount(0);
  await expect(columns.getByLabel("Billable")).toHaveCount(0);
  await expect(columns.getByLabel("Provider Status")).toHaveCount(1);
  await columns.getByLabel("Type", { exact: true }).check();
  await columns.getByRole("button", { name: "Apply" }).click();
  await settled(page, /cols=[^&]*type/, "Services");
  expect(new Set(await columnTexts(page, "type", "Services"))).toEqual(new Set(["services"]));

  const filters = await openPanel(page, javaScript, "Add Filter");
  await expect(filters.getByRole("group", { name: "Type" })).toHaveCount(0);
  await expect(filters.getByLabel("Billable")).toHaveCount(0);
  await filters.getByRole("group", { name: "Process Status" }).getByLabel("COMPLETED", { exact: true }).check();
  await filters.getByRole("button", { name: "Apply" }).click();
  await settled(page, /status=completed/, "Services");
  for (const status of await columnTexts(page, "status", "Services")) expect(status).toBe("COMPLETED");

  const range = page.getByRole("form", { name: "Scan Date" });
  await chooseDates(page, javaScript, "Scan Date", daysAgo(40), daysAgo(10));
  await range.getByRole("button", { name: "Apply" }).click();
  await settled(page, new RegExp(`from=${daysAgo(40)}&to=${daysAgo(10)}`), "Services");
  expect(searchParams(page).getAll("status")).toEqual(["completed"]);
});
