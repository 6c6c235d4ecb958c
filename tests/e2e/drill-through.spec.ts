import { test } from "./fixtures";
import { expect, hydrated, totalRows } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });
// A KPI page and three grid pages on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * A dashboard number's drill-through (issue 25 item 7, decision 0065), with JavaScript off and on:
 * it opens the rows behind the number, and a plain open of /transactions afterwards (the menu, the
 * next sign-in) brings back the user's own remembered query, not the drill-through's.
 */
test("following a dashboard number leaves the user's own remembered Transactions query in place", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");

  // The user's own query, remembered.
  await page.goto("/transactions?billable=N&size=10");
  await hydrated(page, javaScript);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Billable: No");

  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
  await hydrated(page, javaScript);
  const number = page.getByRole("region", { name: "Successful Scans" }).getByRole("link", { name: /the rows behind Successful Scans$/ });
  const shown = Number((await number.textContent()) ?? "NaN");
  expect(shown).toBeGreaterThan(0);
  const href = (await number.getAttribute("href")) ?? "";
  await number.click();
  await expect(page).toHaveURL(/\/transactions\?.*tz=America(%2F|\/)Chicago/);
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(shown);

  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/transactions\?billable=N&size=10$/);
  await hydrated(page, javaScript);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Billable: No");
  // The link says what it is, in an address that can still be bookmarked and shared.
  expect(new URL(href, "http://portal.test").searchParams.get("drill")).toBe("Y");
});
