import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnCells, columnTexts, correctionsNotice, daysAgo, expect, hydrated, openGrid, openPanel, settled, WIDE } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

/**
 * A provider-only user sees their provider's rows whatever the URL says, and each user's last
 * query on a grid comes back when the grid is opened without one.
 */

// Each test signs in through the identity provider and follows several full page loads.
test.describe.configure({ timeout: 90_000 });

function requestOfAnotherProvider(): number {
  return readE2eDatabase((db) => {
    const row = db
      .prepare("select scan_request_id as id from scan_requests where provider_id <> ? and created_date_time >= ? order by scan_request_id desc limit 1")
      .get(DEMO_PROVIDER_ID, `${daysAgo(140)}T00:00:00.000Z`) as { id: number };
    return row.id;
  });
}

test("a provider-only user cannot reach another provider's rows by any URL", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "provider");
  const own = `provider=${DEMO_PROVIDER_ID}`;

  // Another provider in the URL is corrected to the user's own, visibly.
  const response = await page.goto(`/transactions?provider=1002&${WIDE}`);
  expect(response?.status()).toBe(200);
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`\\?${own}&from=`));
  await expect(correctionsNotice(page)).toContainText("Provider is fixed for your account.");
  await correctionsNotice(page).getByRole("link", { name: "Dismiss" }).click();
  await expect(correctionsNotice(page)).toHaveCount(0);

  const chips = page.getByRole("list", { name: "Applied filters" });
  const providerChip = chips.getByRole("listitem").filter({ hasText: "Provider:" });
  const providerName = ((await providerChip.textContent()) ?? "").replace("Provider:", "").trim();
  expect(providerName.length).toBeGreaterThan(0);
  await expect(providerChip.getByRole("link")).toHaveCount(0);
  for (const cell of await columnTexts(page, "providerName")) expect(cell).toBe(providerName);
  await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute("href", new RegExp(`^/transactions\\.csv\\?${own}&`));

  // Its list is disabled (their provider alone, ticked); Clear goes back to the user's provider.
  const form = await openPanel(page, javaScript, "Add Filter");
  const providers = form.getByRole("group", { name: "Provider", exact: true }).getByRole("checkbox");
  await expect(providers).toHaveCount(1);
  await expect(providers).toBeChecked();
  await expect(providers).toBeDisabled();
  await form.getByRole("link", { name: "Clear" }).click();
  await settled(page, new RegExp(`/transactions\\?${own}$`));

  // Another provider's row cannot be expanded by URL; the provider's own can.
  const other = requestOfAnotherProvider();
  await openGrid(page, javaScript, `/transactions?${own}&${WIDE}&expanded=${other}`);
  await expect(page.getByRole("region", { name: `Details of request ${other}` })).toHaveCount(0);
  const mine = (await columnCells(page, "scanRequestId").first().textContent()) ?? "";
  await openGrid(page, javaScript, `/transactions?${own}&${WIDE}&expanded=${mine}`);
  await expect(page.getByRole("region", { name: `Details of request ${mine}` })).toContainText(providerName);

  // The services grid is locked the same way.
  await page.goto(`/transactions/services?provider=1003&${WIDE}`);
  await expect(page).toHaveURL(new RegExp(`/transactions/services\\?${own}&from=`));
  await expect(correctionsNotice(page)).toContainText("Provider is fixed for your account.");
  for (const cell of await columnTexts(page, "providerName", "Services")) expect(cell).toBe(providerName);
});

test("opening a grid without a query brings back its last query; Clear forgets it", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  // Only this test uses admin on these grids, and each project its own grid: nothing else changes its memory.
  const path = javaScript ? "/transactions" : "/transactions/services";
  const title = javaScript ? "Transactions" : "Services";
  await withSession(page, "admin");

  await openGrid(page, javaScript, `${path}?vin=1&size=10&page=2`, title);
  await page.goto("/home");
  await page.goto(path);
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`${path}\\?vin=1&size=10$`));
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("VIN: 1");

  const form = await openPanel(page, javaScript, "Add Filter");
  await form.getByRole("link", { name: "Clear" }).click();
  await settled(page, new RegExp(`${path}$`), title);
  await expect(page.getByRole("list", { name: "Applied filters" })).toHaveCount(0);

  await page.goto("/home");
  await page.goto(path);
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});
