import { test } from "./fixtures";
import { columnCells, columnTexts, expect, gridTable, openGrid, openPanel, searchParams, settled, WIDE } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The Quotes grid: the Quote tab, no sorting and the configured filters. Its provider lock is the
 * grid engine's: transactions-grid-scope.spec.ts proves the lock and its dialog in the browser, and
 * tests/integration/quotes-grid-page.test.ts ("keeps a provider-only user on their provider") that
 * this grid applies it.
 */

// Each test signs in through the identity provider and follows several full page loads.
test.describe.configure({ timeout: 90_000 });

test("lists quotes with links to their details, without sorting, filtered by status", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, `/transactions/quotes?${WIDE}`, "Quotes");
  const tabs = page.getByRole("navigation", { name: "Transaction views" });
  await expect(tabs.getByRole("link", { name: "Quote" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Quote" })).toHaveAttribute("href", "/transactions/quotes");

  const table = gridTable(page, "Quotes");
  await expect(table.locator("thead a")).toHaveCount(0);
  const id = (await columnCells(page, "quoteId", "Quotes").first().textContent()) ?? "";
  await expect(columnCells(page, "quoteId", "Quotes").first().getByRole("link")).toHaveAttribute(
    "href",
    `/transactions/quotes/${id}?${new URLSearchParams({ back: `/transactions/quotes?${new URL(page.url()).search.slice(1)}` })}`,
  );
  for (const received of await columnTexts(page, "serviceReceived", "Quotes")) expect(["Yes", "No"]).toContain(received);

  const form = await openPanel(page, javaScript, "Add Filter");
  await form.getByLabel("Process status").selectOption("OPEN");
  await form.getByRole("button", { name: "Apply" }).click();
  await settled(page, /status=OPEN/, "Quotes");
  for (const status of await columnTexts(page, "status", "Quotes")) expect(status).toBe("OPEN");
  expect(searchParams(page).get("from")).not.toBeNull();
});
