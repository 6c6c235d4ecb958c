import { expect, test } from "./fixtures";
import { signIn, userMenuButton, waitForPage } from "./sign-in";

// What the layout does with JavaScript only; without it the server does all of this on its own.
// Every test here is tagged @js-only: the nojs project does not run them (playwright.config.ts).

test("client code opens the pop-up dialog with the portal:dialog event; OK and Escape close it @js-only", async ({ page }) => {
  await signIn(page, "portal");
  await waitForPage(page, true);
  const open = () =>
    page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent("portal:dialog", { detail: { title: "Fail", message: "Failed to get provider data from DB.", lines: ["first", "second"] } }),
      ),
    );

  await open();
  const dialog = page.getByRole("dialog", { name: "Fail" });
  await expect(dialog).toContainText("Failed to get provider data from DB.");
  await expect(dialog.getByRole("listitem")).toHaveText(["first", "second"]);
  await expect(dialog.getByRole("link", { name: "OK" })).toBeFocused();
  await dialog.getByRole("link", { name: "OK" }).click();
  await expect(dialog).toBeHidden();

  await open();
  // Escape reaches the dialog once it holds the focus, as it does for a person who sees it open.
  await expect(dialog.getByRole("link", { name: "OK" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a slow navigation shows the busy overlay with 'Please wait...' @js-only", async ({ page }) => {
  await signIn(page, "portal");
  await waitForPage(page, true);
  // Long enough for the overlay and its tooltip to be seen on a busy machine.
  await page.route("**/myAccount.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  await expect(page.getByRole("status", { name: "Please wait..." })).toBeVisible();
  await expect(page.getByRole("tooltip")).toHaveText("Please wait...");
  // The page arrives once the held request has (3 s) and the new screen has rendered.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account", { timeout: 15_000 });
  await expect(page.getByRole("status", { name: "Please wait..." })).toHaveCount(0);
});

test("the keep-alive asks every 600 s and goes to sign in once the sign-in has ended @js-only", async ({ page, context, browserProblems }) => {
  browserProblems.allowStatus(401, "/api/keep-alive");
  await page.clock.install();
  await signIn(page, "portal");
  await waitForPage(page, true);

  const keepAlive = page.waitForRequest((request) => request.url().endsWith("/api/keep-alive") && request.method() === "POST");
  await page.clock.fastForward(600_000);
  expect((await (await keepAlive).response())?.status()).toBe(204);

  await context.clearCookies();
  await page.clock.fastForward(600_000);
  // /login, which (the cookies gone, there is no ended session to tell of) opens the identity provider's form.
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
});
