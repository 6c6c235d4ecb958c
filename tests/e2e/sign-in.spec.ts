import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, demoAccount, openDrawer, signIn, signInThroughBrowser, submitIdentityProviderForm, waitForPage } from "./sign-in";
import { DEMO_ACCOUNTS } from "../../app/auth/demo-access";
import { adminScreensLine } from "../../app/components/home/admin-screens-line";
import { TIME_ZONE_COOKIE } from "../../app/lib/time-zone";

/**
 * Who lands where (platform spec §4) and which drawer entries they get (§2 Layout): only areas whose
 * screens exist, so no entry leads to a 404; Admin for those
 * who may open an admin screen.
 */
const ROLES = [
  { login: "admin", landing: "/transactions", drawer: ["Home", "Transactions", "Dashboard", "Admin"] },
  { login: "power", landing: "/transactions", drawer: ["Home", "Transactions", "Dashboard", "Admin"] },
  { login: "provider", landing: "/transactions", drawer: ["Home", "Transactions", "Dashboard"] },
  { login: "portal", landing: "/home", drawer: ["Home"] },
] as const;

for (const role of ROLES) {
  test(`${role.login} signs in, lands on ${role.landing} and is offered ${role.drawer.join(", ")}`, async ({ page }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await signIn(page, role.login);
    // The grid may go on to the user's remembered query (or, for a provider-only user, their provider).
    await expect(page).toHaveURL(new RegExp(`${role.landing}(\\?.*)?$`));
    if (role.landing === "/transactions") {
      await expect(page.getByRole("table", { name: "Transactions" })).toBeVisible();
      await page.goto("/home");
    }

    await waitForPage(page, javaScript);
    await expect(page).toHaveTitle("Diagnostics Operations Portal | Home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${demoAccount(role.login).firstName}`);
    await openDrawer(page);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([...role.drawer]);
    for (const area of ["Transactions", "Dashboard", "Admin"]) {
      await expect(page.getByRole("link", { name: `Open ${area}` })).toHaveCount(role.drawer.includes(area as never) ? 1 : 0);
    }
    if (role.drawer.includes("Admin" as never)) {
      // The Admin card names every admin screen this user has, as the area's tabs do.
      const adminCard = page.locator(".mantine-Card-root", { has: page.getByRole("heading", { name: "Admin", exact: true }) });
      const description = (await adminCard.locator("p").textContent()) ?? "";
      await page.goto("/admin");
      const tabs = await page.getByRole("navigation", { name: "Admin screens" }).getByRole("link").allTextContents();
      expect(tabs.length, "the admin area shows tabs").toBeGreaterThan(1);
      expect(description).toBe(adminScreensLine(tabs));
    }
  });
}

test("/login opens the identity provider's form at once, naming the demo accounts and their password; with JavaScript it stores the browser's time zone", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const demoLogins = DEMO_ACCOUNTS.map((account) => account.login).join(", ");
  await expect(page.locator("#demo-accounts")).toHaveText(`Demo accounts: ${demoLogins}. Password: ${DEMO_PASSWORD}`);
  const zoneCookie = (await context.cookies()).find((cookie) => cookie.name === TIME_ZONE_COOKIE);
  if (testInfo.project.name === "js")
    expect(decodeURIComponent(zoneCookie?.value ?? "")).toBe(testInfo.project.use.timezoneId ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  else expect(zoneCookie).toBeUndefined();
});

test("a wrong password shows 'Sign in failed!' on the identity provider's page", async ({ page, browserProblems }) => {
  browserProblems.allowStatus(400, "/oidc/interaction/*");
  await page.goto("/login");
  await submitIdentityProviderForm(page, "portal", `${DEMO_PASSWORD}-wrong`);
  await expect(page.getByRole("alert")).toHaveText("Sign in failed!");
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
});

test("a protected page asks to sign in and comes back to it afterwards", async ({ page }, testInfo) => {
  await page.goto("/myAccount");
  // With the built-in identity provider, straight to its form: one sign-in screen, not two.
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await submitIdentityProviderForm(page, "portal", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/myAccount$/);
  await waitForPage(page, testInfo.project.name === "js");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account");
  await expect(page.getByRole("row", { name: /User Name/ })).toContainText("portal");
});

// Closing on mouse leave is script behaviour: the test is tagged for the js project alone.
test("the drawer closes when the mouse leaves it to the right of 250 px @js-only", async ({ page }) => {
  await signInThroughBrowser(page, "portal");
  await waitForPage(page, true);
  await openDrawer(page);
  const drawer = page.getByRole("navigation", { name: "Main" });
  await page.mouse.move(120, 200);
  await page.mouse.move(600, 200, { steps: 5 });
  await expect(drawer).toBeHidden();
});
