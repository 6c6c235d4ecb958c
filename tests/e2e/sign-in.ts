import { expect, test, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoAccount } from "../../app/auth/demo-access";
import { TIME_ZONE_COOKIE } from "../../app/lib/time-zone";
import { signInAs } from "../support/portal-sign-in";
import { checkAccessibility } from "./accessibility/screen-audit";
import { createUserLike, type TestUser } from "./test-users";

/** The demo password when DEMO_PASSWORD is not set (the e2e server clears it). */
export const DEMO_PASSWORD = "demo-portal";

export function demoAccount(login: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!account) throw new Error(`No demo account ${login}`);
  return account;
}

export function fullNameOf(account: DemoAccount): string {
  return `${account.firstName} ${account.lastName}`;
}

/** Fills the identity provider's own page (a plain form on /oidc/interaction/...) and submits it. */
export async function submitIdentityProviderForm(page: Page, login: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  // Every test passes through this page; it is checked once (screen-audit.ts).
  await checkAccessibility(page);
  await page.getByLabel("Username").fill(login);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * The real sign-in in the browser: /login, which opens the identity provider's page, and
 * back. Resolves once the browser has left the identity provider (on the landing page or returnTo).
 * Only the sign-in's own tests need it; every other test signs in with signIn.
 */
export async function signInThroughBrowser(page: Page, login: string, options: { password?: string; path?: string } = {}): Promise<void> {
  await page.goto(options.path ?? "/login");
  // With the built-in identity provider, /login (and a page that needs a session) opens its form at once.
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await submitIdentityProviderForm(page, login, options.password ?? DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith("/oidc") && url.pathname !== "/callback");
}

const usersOfTests = new Map<string, TestUser>();

/** The running test's own copy of a demo account: the same user each time the test asks for that account. */
export function testUserLike(demoLogin: string): TestUser {
  const key = `${test.info().testId} ${demoLogin}`;
  let user = usersOfTests.get(key);
  if (!user) {
    user = createUserLike(demoLogin);
    usersOfTests.set(key, user);
  }
  return user;
}

/** Where a sign-in comes back to: a /login link's returnTo, or the page a signed-out browser was sent from. */
function returnToOf(path: string | undefined): string {
  if (!path) return "";
  const url = new URL(path, "http://portal.invalid");
  if (url.pathname === "/login") return url.searchParams.get("returnTo") ?? "";
  return `${url.pathname}${url.search}`;
}

/**
 * Gives the page's browser a session of the test's own copy of a demo account (decision 0022),
 * without opening a page: the real OIDC flow run over HTTP (portal /login, the identity provider's
 * form, /callback), its cookies handed to the browser context. Returns where the portal sent the
 * user (the landing page, or `returnTo`). A fraction of the time of the same flow through pages.
 */
export async function withSession(page: Page, demoLogin: string, returnTo = "", options: { browserTimeZone?: string } = {}): Promise<string> {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("The project has no baseURL");
  const user = testUserLike(demoLogin);
  const { browser, landing } = await signInAs(base, user.login, returnTo);
  const domain = new URL(base).hostname;
  const cookies = browser.cookieList().map((cookie) => ({ ...cookie, domain, httpOnly: true, sameSite: "Lax" as const }));
  // With JavaScript, /login would have stored the browser's time zone (TimeZoneCookieScript) before the first portal page.
  // A test that makes its own contexts names its browser's zone (and leaves it out for one without JavaScript).
  const scripted = options.browserTimeZone !== undefined || test.info().project.use.javaScriptEnabled !== false;
  if (scripted) {
    const zone = options.browserTimeZone || test.info().project.use.timezoneId || Intl.DateTimeFormat().resolvedOptions().timeZone;
    cookies.push({ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), path: "/", domain, httpOnly: false, sameSite: "Lax" });
  }
  await page.context().addCookies(cookies);
  return landing;
}

/** Signs in (withSession) and opens the page the portal sends the user to: the landing page, or the returnTo of `path`. */
export async function signIn(page: Page, demoLogin: string, options: { path?: string } = {}): Promise<void> {
  await page.goto(await withSession(page, demoLogin, returnToOf(options.path)));
}

/** With JavaScript, the user menu becomes a Mantine menu button once the page has hydrated. */
export function userMenuButton(page: Page) {
  return page.getByRole("button", { name: /, user menu$/ });
}

/** Without JavaScript, the user menu is a disclosure: its summary, named like the button. */
export const USER_MENU_SUMMARY = "summary[aria-label$=', user menu']";

/**
 * Waits for hydration in the js project, and for the chunks loaded after it (the grid's table,
 * the date picker: `data-loading-chunk` marks what stands in for them); the nojs project has
 * nothing to wait for.
 */
export async function waitForPage(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (!javaScriptEnabled) return;
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.locator("[data-loading-chunk]")).toHaveCount(0);
}

/** Opens the user menu: a Mantine menu with JavaScript, a disclosure of links without. */
export async function openUserMenu(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) {
    await userMenuButton(page).click();
    await expect(page.getByRole("menu")).toBeVisible();
  } else {
    await page.locator(USER_MENU_SUMMARY).click();
    await expect(page.getByRole("navigation", { name: "User" })).toBeVisible();
  }
  await checkAccessibility(page);
}

/** A user-menu entry: a menu item with JavaScript, a link without. */
export function userMenuEntry(page: Page, javaScriptEnabled: boolean, name: string) {
  return javaScriptEnabled ? page.getByRole("menuitem", { name }) : page.getByRole("navigation", { name: "User" }).getByRole("link", { name });
}

export async function openDrawer(page: Page): Promise<void> {
  await page.locator("summary[aria-label='Navigation']").click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await checkAccessibility(page);
}
