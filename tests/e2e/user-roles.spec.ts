import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { test } from "./fixtures";
import { columnTexts, expect, gridTable, hydrated, openPanel, settled } from "./grid-page";
import { testUserLike, withSession } from "./sign-in";
import { createUserLike, type TestUser } from "./test-users";

/**
 * The admin area and User Roles (issue 12) with JavaScript off and on. Every test acts on users of
 * its own (copies of the demo accounts), so the two projects and other tests never share one.
 */
test.describe.configure({ timeout: 90_000 });

const TITLE = "User Roles";

/** Makes these users the most recently updated, so the grid's first page (newest first) shows them. */
function updatedJustNow(users: readonly TestUser[]): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    const update = db.prepare("update users set last_updated = ? where id = ?");
    users.forEach((user, index) => update.run(new Date(Date.now() + index).toISOString(), user.id));
  } finally {
    db.close();
  }
}

function rolesForm(page: Page, user: TestUser) {
  return page.getByRole("form", { name: `Roles of ${user.login}` });
}

async function openUser(page: Page, javaScript: boolean, user: TestUser): Promise<void> {
  await page.goto(`/admin/userroles?userName=${encodeURIComponent(user.login)}&expanded=${user.id}`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("region", { name: `Details of user ${user.login}` })).toBeVisible();
}

async function okDialog(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

test("the admin tabs follow the user's pages: admin and power see them, provider and portal users get the 404 page", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowNotFound("/admin/userroles", "/admin");
  await withSession(page, "admin");
  await page.goto("/admin");
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(/\/admin\/userroles$/);
  const tabs = page.getByRole("navigation", { name: "Admin screens" });
  await expect(tabs.getByRole("link")).toHaveText([
    "User Roles",
    "Applications",
    "Providers",
    "Configurations",
    "Shop Registrations",
    "Devices",
    "Feedbacks/Errors",
    "Redshift ETL Dashboard",
    "Activity",
  ]);
  await expect(tabs.getByRole("link", { name: "User Roles" })).toHaveAttribute("aria-current", "page");
  await expect(gridTable(page, TITLE)).toBeVisible();

  for (const login of ["provider", "portal"]) {
    await page.context().clearCookies();
    await withSession(page, login);
    const response = await page.goto("/admin/userroles");
    expect(response?.status(), login).toBe(404);
    await expect(page.getByText("Sorry, nothing here...(404)")).toBeVisible();
    expect((await page.goto("/admin"))?.status(), login).toBe(404);
  }
});

test("filters by role with a chip, and pages by cursor forwards and back, with a URL that opens the same page elsewhere", async ({
  page,
  browser,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  // Provider staff by user name: other tests add users and change roles and update times while this
  // one runs, but not the provider staff's logins, so these pages stay the same.
  const listPath = "/admin/userroles?role=DIP_PROVIDER&sort=userName&size=10";
  await page.goto(listPath);
  await hydrated(page, javaScript);
  const chips = page.getByRole("list", { name: "Applied filters" });
  await expect(chips.getByRole("listitem").filter({ hasText: "Role:" })).toContainText("DIP_PROVIDER");
  await expect(gridTable(page, TITLE).locator("tbody > tr")).toHaveCount(10);
  const first = await columnTexts(page, "userName", TITLE);
  expect(first).toEqual([...first].sort());

  await page.getByRole("link", { name: "Next page" }).click();
  await settled(page, /cursor=/, TITLE);
  const second = await columnTexts(page, "userName", TITLE);
  expect(second.length).toBeGreaterThan(0);
  expect(second.some((login) => first.includes(login))).toBe(false);
  expect(second[0] > first[first.length - 1]).toBe(true);
  await sameRowsElsewhere(browser, testInfo.project.use.baseURL ?? "", javaScript, page.url(), second);

  await page.getByRole("link", { name: "Previous page" }).click();
  await settled(page, /\/admin\/userroles\?role=DIP_PROVIDER&sort=userName&size=10$/, TITLE);
  expect(await columnTexts(page, "userName", TITLE)).toEqual(first);

  // The chip's remove link drops the filter; Add Filter puts another role back.
  await chips.getByRole("listitem").filter({ hasText: "Role:" }).getByRole("link").click();
  await settled(page, /\/admin\/userroles\?sort=userName&size=10$/, TITLE);
  const form = await openPanel(page, javaScript, "Add Filter");
  await form.getByLabel("Role").selectOption("DIP_ADMIN");
  await form.getByRole("button", { name: "Apply" }).click();
  await settled(page, /role=DIP_ADMIN/, TITLE);
  await expect(chips.getByRole("listitem").filter({ hasText: "Role:" })).toContainText("DIP_ADMIN");
  expect((await columnTexts(page, "userName", TITLE)).length).toBeGreaterThan(0);
});

/** A copied page URL opened by the same kind of user in another browser shows the same rows. */
async function sameRowsElsewhere(browser: Browser, baseURL: string, javaScript: boolean, url: string, logins: string[]): Promise<void> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript });
  try {
    const other = await context.newPage();
    await withSession(other, "power");
    await other.goto(url);
    await hydrated(other, javaScript);
    await expect(other).toHaveURL(url);
    expect(await columnTexts(other, "userName", TITLE)).toEqual(logins);
  } finally {
    await context.close();
  }
}

test("saves a user's roles from the expanded row, shows the change in its History, and refuses a stale form", async ({ page, browser }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const target = createUserLike("portal");
  await withSession(page, "admin");
  await openUser(page, javaScript, target);

  const form = rolesForm(page, target);
  await expect(form.getByLabel("DIP_PORTAL")).toBeChecked();
  await expect(form.getByLabel("DIP_PORTAL")).toBeDisabled();

  // A second browser opens the same row before the first saves: its form is then stale.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: javaScript });
  try {
    const stalePage = await context.newPage();
    await withSession(stalePage, "admin");
    await openUser(stalePage, javaScript, target);

    await form.getByLabel("DIP_POWER").check();
    await form.getByRole("button", { name: "Save" }).click();
    const saved = await okDialog(page, "Success");
    await expect(saved).toContainText("Successfully Updated the role of the User");
    await saved.getByRole("link", { name: "OK" }).click();
    const history = page.getByRole("region", { name: `History of ${target.login}` });
    await expect(history).toContainText("Roles: DIP_PORTAL → DIP_PORTAL, DIP_POWER");
    await expect(history).toContainText(testUserLike("admin").login);

    const staleForm = rolesForm(stalePage, target);
    await staleForm.getByLabel("DIP_ADMIN").check();
    await staleForm.getByRole("button", { name: "Save" }).click();
    const refused = await okDialog(stalePage, "Error");
    await expect(refused).toContainText(`changed by ${testUserLike("admin").login}`);
    await refused.getByRole("link", { name: "OK" }).click();
    // The form shows the roles as they are now; the stale choice was not saved.
    await expect(rolesForm(stalePage, target).getByLabel("DIP_POWER")).toBeChecked();
    await expect(rolesForm(stalePage, target).getByLabel("DIP_ADMIN")).not.toBeChecked();
  } finally {
    await context.close();
  }
});

test("assigns roles to the selected users with Available Actions, and lists the SUCCESS and the FAIL users", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const targets = [createUserLike("portal"), createUserLike("portal")];
  await withSession(page, "admin");
  const self = testUserLike("admin");
  updatedJustNow([...targets, self]);
  await page.goto("/admin/userroles?size=50");
  await hydrated(page, javaScript);
  for (const user of [...targets, self]) await page.getByRole("checkbox", { name: `Select row ${user.id}` }).check();
  await page.getByRole("button", { name: "Available Actions" }).click();

  // Without JavaScript the dialog is a page; with it, a dialog over the grid.
  const form = page.getByRole("form", { name: "Bulk Role(s) Assignment" });
  if (!javaScript) await expect(page.getByRole("heading", { level: 1, name: "Bulk Role(s) Assignment" })).toBeVisible();
  await expect(form).toContainText("Selected users (3)");
  await form.getByLabel("DIP_POWER").check();
  await form.getByRole("button", { name: "Save" }).click();

  const result = await okDialog(page, "Bulk Role Assignment result");
  await expect(result).toContainText("SUCCESS: 2, FAIL: 1");
  for (const user of targets) await expect(result).toContainText(`SUCCESS: ${user.login}`);
  await expect(result).toContainText(`FAIL: ${self.login} (You cannot remove from yourself`);
  await result.getByRole("link", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/admin\/userroles\?size=50$/);
});
