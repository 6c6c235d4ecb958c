import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";
import { test } from "./fixtures";
import { expect, hydrated, totalRows } from "./grid-page";
import { withSession } from "./sign-in";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });
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
  await number.click();
  await expect(page).toHaveURL(/\/transactions\?.*drill=Y$/);
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(shown);

  // Looking further at the same rows (a sort) stays a drill-through.
  await page.getByRole("table", { name: "Transactions" }).getByRole("link", { name: "VIN", exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\?.*sort=vin.*drill=Y$/);
  await expect.poll(() => totalRows(page)).toBe(shown);

  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/transactions\?billable=N&size=10$/);
  await hydrated(page, javaScript);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Billable: No");
});
