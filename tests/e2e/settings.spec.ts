import { expect, test } from "./fixtures";
import { signIn, waitForPage } from "./sign-in";

// The two projects run at the same time: each saves the preferences of its own user.

/**
 * After a save the page renders both forms afresh, over 900 options with the staff's list of
 * locations; on this 2-core machine with two browsers busy that has taken up to 5 s (11,000 forced
 * style and layout passes in a Chromium trace), so the answer gets more than the default wait.
 */
const AFTER_SAVE = { timeout: 15_000 };

test("the preferred location is required, and a saved one is confirmed in the pop-up dialog", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/settings", "/settings.data");
  // The provider-only user chooses among the provider's own shops, the portal user among all.
  await signIn(page, javaScript ? "portal" : "provider", { path: "/login?returnTo=%2Fsettings" });
  await expect(page).toHaveURL(/\/settings$/);
  await waitForPage(page, javaScript);

  const form = page.getByRole("form", { name: "Select Preferred Location" });
  const select = form.getByLabel("Available Location(s)");
  await select.selectOption("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Field is required")).toBeVisible(AFTER_SAVE);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.waitForLoadState("load");

  await select.selectOption({ index: 2 });
  const chosen = (await select.locator("option:checked").textContent()) ?? "";
  await form.getByRole("button", { name: "Save" }).click();

  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText("Your preferred location has been saved.", AFTER_SAVE);
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Your preferred location is ${chosen}.`)).toBeVisible();
  await expect(form.getByText("Field is required")).toHaveCount(0);
});

test("the time zone can be chosen and set back to the browser's", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await signIn(page, javaScript ? "power" : "admin", { path: "/login?returnTo=%2Fsettings" });
  await waitForPage(page, javaScript);

  const form = page.getByRole("form", { name: "Time Zone" });
  await form.getByLabel("Time Zone").selectOption("Europe/Berlin");
  await form.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText("Your time zone has been saved.", AFTER_SAVE);
  await dialog.getByRole("link", { name: "OK" }).click();
  // Without JavaScript OK is a link to the page without the dialog: the form is used once that page is
  // there, not on the page being left (the page behind the dialog already names the new zone).
  await expect(dialog).toHaveCount(0, AFTER_SAVE);
  await expect(page.getByText("Dates are shown in Europe/Berlin (your setting).")).toBeVisible(AFTER_SAVE);
  // The select is used once the whole document is parsed: chosen while its options still arrived,
  // a later option's `selected` (Europe/Berlin) took the choice back, and Berlin was saved again.
  await page.waitForLoadState("load");

  await form.getByLabel("Time Zone").selectOption({ label: "Browser default" });
  await form.getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog", { name: "Success" }).getByRole("link", { name: "OK" }).click(AFTER_SAVE);
  await expect(page.getByText(/Dates are shown in .+ \((your browser|the portal's default)\)\./)).toBeVisible(AFTER_SAVE);
});
