import { checkAccessibility } from "./accessibility/screen-audit";
import { expect, test } from "./fixtures";
import { demoAccount, fullNameOf, openUserMenu, signIn, USER_MENU_SUMMARY, userMenuEntry, waitForPage } from "./sign-in";

const PORTAL = demoAccount("portal");

test("the user menu shows the user and leads to My Account, Settings and Submit Feedback", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await signIn(page, PORTAL.login);
  await waitForPage(page, javaScript);

  const pages = [
    { entry: "My Account", path: "/myAccount", heading: "My Account" },
    { entry: "Settings", path: "/settings", heading: "Settings" },
    { entry: "Submit Feedback", path: "/feedback", heading: "Submit Feedback" },
  ];
  for (const target of pages) {
    await openUserMenu(page, javaScript);
    const menu = javaScript ? page.getByRole("menu") : page.locator(USER_MENU_SUMMARY);
    await expect(menu).toContainText(fullNameOf(PORTAL));
    await expect(userMenuEntry(page, javaScript, "Logout")).toBeVisible();
    await userMenuEntry(page, javaScript, target.entry).click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    await expect(page).toHaveTitle(`Diagnostics Operations Portal | ${target.heading}`);
  }
});

test("Logout asks 'Are you sure you want to exit?'; No stays, YES ends on /login and the pages ask to sign in again", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await signIn(page, PORTAL.login);
  await waitForPage(page, javaScript);

  await openUserMenu(page, javaScript);
  await userMenuEntry(page, javaScript, "Logout").click();
  if (javaScript) {
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to exit?" });
    await expect(dialog).toBeVisible();
    await checkAccessibility(page);
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
    await openUserMenu(page, javaScript);
    await userMenuEntry(page, javaScript, "Logout").click();
    await page.getByRole("dialog", { name: "Are you sure you want to exit?" }).getByRole("button", { name: "YES" }).click();
  } else {
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Are you sure you want to exit?");
    await page.getByRole("button", { name: "YES" }).click();
  }

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const signInAgain = page.waitForRequest((request) => new URL(request.url()).pathname === "/login");
  await page.goto("/settings");
  expect(new URL((await signInAgain).url()).search).toBe("?returnTo=%2Fsettings");
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
});

test("the notifications button opens the alerts page, which shows the home page", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await signIn(page, PORTAL.login);
  await waitForPage(page, javaScript);
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${PORTAL.firstName}`);
  await expect(page).toHaveTitle("Diagnostics Operations Portal | Alerts");
});
