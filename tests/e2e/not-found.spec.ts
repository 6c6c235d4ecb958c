import { expect, test } from "./fixtures";
import { openDrawer, openUserMenu, signIn, userMenuEntry, waitForPage } from "./sign-in";

const NOT_FOUND = "Sorry, nothing here...(404)";

test.describe("unknown paths", () => {
  test("render the 404 page with status 404, the spec's text and the product title", async ({ page, browserProblems }) => {
    browserProblems.allowNotFound("/no/such/page?filter=1");
    const response = await page.goto("/no/such/page?filter=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
    await expect(page).toHaveTitle("Diagnostics Operations Portal | Page not found");
  });

  test("offer a Go back button that leads to the start page, which asks a signed-out visitor to sign in", async ({ page, browserProblems }) => {
    browserProblems.allowNotFound("/transactionz");
    await page.goto("/transactionz");
    const goBack = page.getByRole("link", { name: "Go back" });
    await expect(goBack).toBeVisible();
    await goBack.click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("keep a signed-in user inside the shell, with the top bar, the drawer and Go back", async ({ page, browserProblems }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    browserProblems.allowNotFound("/no/such/page");
    await signIn(page, "portal");
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await waitForPage(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
    await expect(page).toHaveTitle("Diagnostics Operations Portal | Page not found");
    await expect(page.getByRole("link", { name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await openDrawer(page);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Home"]);
    await page.locator("summary[aria-label='Navigation']").click();
    await page.getByRole("link", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("show the shell's menus without the browser's disclosure markers, and they still open", async ({ page, browserProblems }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    browserProblems.allowNotFound("/no/such/page");
    await signIn(page, "portal");
    await page.goto("/no/such/page");
    await waitForPage(page, javaScript);
    // The drawer, and without JavaScript the user menu, are <details>: a summary shows a marker (▶)
    // unless the shell's styles take it away, as they do on every other page of the shell.
    const summaries = page.getByRole("banner").locator("summary");
    await expect(summaries).toHaveCount(javaScript ? 1 : 2);
    for (const summary of await summaries.all()) {
      await expect(summary).toHaveCSS("list-style-type", "none");
    }

    await openUserMenu(page, javaScript);
    if (!javaScript) await expect(page.getByRole("navigation", { name: "User" })).toHaveCSS("position", "absolute");
    await userMenuEntry(page, javaScript, "Settings").click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
  });
});

test.describe("area entries a user has no page of", () => {
  for (const path of ["/admin", "/dashboard", "/admin/userroles", "/dashboard/kpi"]) {
    test(`${path} shows the 404 page inside the shell, with Go back`, async ({ page, browserProblems }, testInfo) => {
      const javaScript = testInfo.project.name === "js";
      browserProblems.allowNotFound(path);
      await signIn(page, "portal");
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForPage(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NOT_FOUND);
      await expect(page).toHaveTitle("Diagnostics Operations Portal | Page not found");
      await expect(page.getByRole("link", { name: "Notifications" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go back" })).toBeVisible();
    });
  }
});
