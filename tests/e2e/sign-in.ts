import { expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, type DemoAccount } from "../../app/auth/demo-access";
import { checkAccessibility } from "./accessibility/screen-audit";

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
 * The real sign-in: /login, its Sign in button, the identity provider's page, and back. Resolves
 * once the browser has left the identity provider (on the landing page or returnTo).
 */
export async function signIn(page: Page, login: string, options: { password?: string; path?: string } = {}): Promise<void> {
  await page.goto(options.path ?? "/login");
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Sign in" }).click();
  await submitIdentityProviderForm(page, login, options.password ?? DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith("/oidc") && url.pathname !== "/callback");
}

/** With JavaScript, the user menu becomes a Mantine menu button once the page has hydrated. */
export function userMenuButton(page: Page) {
  return page.getByRole("button", { name: /^User menu of / });
}

/** Waits for hydration in the js project; the nojs project has nothing to wait for. */
export async function waitForPage(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expect(userMenuButton(page)).toBeVisible();
}

/** Opens the user menu: a Mantine menu with JavaScript, a disclosure of links without. */
export async function openUserMenu(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) {
    await userMenuButton(page).click();
    await expect(page.getByRole("menu")).toBeVisible();
  } else {
    await page.locator("summary[aria-label^='User menu of ']").click();
    await expect(page.getByRole("navigation", { name: "User" })).toBeVisible();
  }
  await checkAccessibility(page);
}

/** A user-menu entry: a menu item with JavaScript, a link without. */
export function userMenuEntry(page: Page, javaScriptEnabled: boolean, name: string) {
  return javaScriptEnabled
    ? page.getByRole("menuitem", { name })
    : page.getByRole("navigation", { name: "User" }).getByRole("link", { name });
}

export async function openDrawer(page: Page): Promise<void> {
  await page.locator("summary[aria-label='Navigation']").click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await checkAccessibility(page);
}
