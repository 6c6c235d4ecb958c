import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });
// Three full KPI pages on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * The dashboard's shop picker with JavaScript (issue 25 item 4): closing it without Apply reverts
 * to the last applied selection (dashboards spec §2.1), whatever was ticked, unticked or searched
 * meanwhile. Without JavaScript the picker is a GET form whose page is made anew by every
 * button: kpi-dashboard.spec.ts drives it in both projects.
 */
test("closing the shop picker without Apply puts back the applied shops @js-only", async ({ page }) => {
  await withSession(page, "power");
  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
  await hydrated(page, true);
  const summary = page.locator(".dashboard-shop-picker > summary");
  await summary.click();
  const form = page.getByRole("form", { name: "Shops" });
  const boxes = form.getByRole("checkbox");
  const offered = await boxes.count();
  expect(offered).toBeGreaterThan(3);
  const [first, second] = [await boxes.nth(0).getAttribute("value"), await boxes.nth(2).getAttribute("value")];

  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&shop=${first}&shop=${second}`);
  await hydrated(page, true);
  await expect(summary).toHaveText(`Shops: 2 of ${offered}`);
  const ticked = form.locator('input[type="checkbox"]:checked');
  const appliedTwo = async () => {
    await expect(ticked).toHaveCount(2);
    await expect(form.locator(`input[value="${first}"]`)).toBeChecked();
    await expect(form.locator(`input[value="${second}"]`)).toBeChecked();
  };

  await summary.click();
  await appliedTwo();
  await form.getByRole("button", { name: "Select all", exact: true }).click();
  await expect(ticked).toHaveCount(offered);
  await summary.click();
  await expect(form).toBeHidden();
  await summary.click();
  await appliedTwo();

  // Unticking, ticking another and a search are undone the same way.
  await form.locator(`input[value="${first}"]`).uncheck();
  await boxes.nth(1).check();
  await form.getByRole("textbox", { name: "Search Shops" }).fill("zzz-no-such-shop");
  await summary.click();
  await summary.click();
  await expect(form.getByRole("textbox", { name: "Search Shops" })).toHaveValue("");
  await appliedTwo();

  // Apply still sends what is ticked: Select all is every shop, the address without shops.
  await form.getByRole("button", { name: "Select all", exact: true }).click();
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/kpi\\?provider=${DEMO_PROVIDER_ID}$`));
  await expect(summary).toHaveText(`Shops: all ${offered}`);
});
