import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { readE2eDatabase, writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { acknowledge, expect, gridTable, hydrated, settled } from "./grid-page";
import { submitIdentityProviderForm, testUserLike, withSession } from "./sign-in";

/**
 * The Activity screen (issue 29) with JavaScript off and on: a change made on an admin screen
 * (DeRegister on Devices) at the top of its author's events with its change field by field and the
 * link back to the record, the same in the CSV; a stale DeRegister as a refused event; a failed
 * sign-in at the identity provider's form as a failed one, without its password. Each test is
 * its own user's (a copy of a demo account), so the two projects and other files never share one.
 */
test.describe.configure({ timeout: 60_000 });

const PATH = "/admin/activity";
const TITLE = "Activity";

/** The table's rows (not an expanded row's panel). */
const eventRows = (page: Page) =>
  gridTable(page, TITLE)
    .locator("tbody > tr")
    .filter({ has: page.locator('td[data-column="actor"]') });

const cell = (page: Page, row: number, column: string) => eventRows(page).nth(row).locator(`td[data-column="${column}"]`);

/** A copy of a demo device registration under a serial number of the test's own, changed just now. */
function createDevice(serialNo: string): { registrationId: number; rowVersion: number } {
  let created: { registrationId: number; rowVersion: number } | undefined;
  writeE2eDatabase((db) => {
    const source = db
      .prepare("select provider_id, shop_id, type from device_registrations where is_active = 1 order by registration_id limit 1")
      .get() as Record<string, unknown>;
    created = db
      .prepare(
        `insert into device_registrations (provider_id, shop_id, serial_no, nickname, type, is_active, created_date_time, created_user_id, last_modified_date_time, modified_user_id, row_version)
         values (@provider_id, @shop_id, @serial_no, 'E2E activity', @type, 1, @at, 'e2e', @at, 'e2e', 1) returning registration_id as registrationId, row_version as rowVersion`,
      )
      .get({ ...source, serial_no: serialNo, at: new Date().toISOString() }) as { registrationId: number; rowVersion: number };
  });
  if (!created) throw new Error("no device created");
  return created;
}

async function deregister(page: Page, registrationId: number): Promise<void> {
  await page.getByRole("button", { name: `DeRegister ${registrationId}` }).click();
  const confirmation = page.getByRole(test.info().project.name === "js" ? "dialog" : "alert", { name: "Please confirm" });
  await confirmation.getByRole("button", { name: "Confirm" }).click();
}

/** Opens the Activity screen on one user's events (and more of the query), newest first. */
async function openActivity(page: Page, javaScript: boolean, query: string): Promise<void> {
  await page.goto(`${PATH}?${query}`);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE)).toBeVisible();
}

async function expandFirst(page: Page): Promise<ReturnType<Page["getByRole"]>> {
  await eventRows(page)
    .first()
    .getByRole("link", { name: /^Expand row \d+$/ })
    .click();
  const details = page.getByRole("region", { name: /^Details of event \d+$/ });
  await expect(details).toBeVisible();
  return details;
}

test("a change made on Devices is at the top of its author's events, with its change field by field, the record's link and the CSV", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const serialNo = `E2EACT${randomBytes(4).toString("hex").toUpperCase()}`;
  const device = createDevice(serialNo);
  await withSession(page, "admin");
  const author = testUserLike("admin").login;
  await page.goto(`/admin/devices?serialNo=${serialNo}&trust=Y`);
  await hydrated(page, javaScript);
  await deregister(page, device.registrationId);
  await acknowledge(page, "Success", `Device registration ${device.registrationId} is de-registered (Inactive).`);

  // Reached through the admin area's Activity tab, then narrowed to the author.
  await page.getByRole("navigation", { name: "Admin screens" }).getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}($|\\?)`));
  await openActivity(page, javaScript, `actor=${encodeURIComponent(author)}`);
  await expect(cell(page, 0, "actor")).toHaveText(author);
  await expect(cell(page, 0, "entity")).toHaveText("Device registration");
  await expect(cell(page, 0, "entityId")).toHaveText(String(device.registrationId));
  await expect(cell(page, 0, "action")).toHaveText("DeRegister device");
  await expect(cell(page, 0, "outcome")).toHaveText("Done");

  const details = await expandFirst(page);
  await expect(details.getByRole("region", { name: /^Change of event \d+$/ })).toContainText("Status: Active → Inactive");
  await expect(details).toContainText(author);

  const csv = await page.request.get(`${PATH}.csv?actor=${encodeURIComponent(author)}&cols=actor,entityId,action,outcome`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe("Who,Record Id,Action,Outcome");
  expect(lines[1]).toBe(`${author},${device.registrationId},DeRegister device,Done`);

  await details.getByRole("link", { name: "Open on Devices" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/devices\\?registrationId=${device.registrationId}&expanded=${device.registrationId}`));
  await expect(page.getByRole("region", { name: `History of device registration ${device.registrationId}` })).toContainText("Status: Active → Inactive");
});

test("a DeRegister refused because another admin changed the row since is a refused event, naming who tried what", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const serialNo = `E2EACT${randomBytes(4).toString("hex").toUpperCase()}`;
  const device = createDevice(serialNo);
  await withSession(page, "admin");
  const author = testUserLike("admin").login;
  await page.goto(`/admin/devices?serialNo=${serialNo}&trust=Y`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("button", { name: `DeRegister ${device.registrationId}` })).toBeVisible();
  // Another administrator's change after the page was read: the row's version moves on.
  writeE2eDatabase((db) => {
    db.prepare("update device_registrations set row_version = row_version + 1 where registration_id = ?").run(device.registrationId);
  });
  await deregister(page, device.registrationId);
  await acknowledge(page, "Fail", "changed");
  expect(
    readE2eDatabase((db) => db.prepare("select is_active as isActive from device_registrations where registration_id = ?").get(device.registrationId)),
  ).toEqual({ isActive: 1 });

  await openActivity(page, javaScript, `actor=${encodeURIComponent(author)}&outcome=refused`);
  await expect(eventRows(page)).toHaveCount(1);
  await expect(cell(page, 0, "action")).toHaveText("DeRegister device");
  await expect(cell(page, 0, "entityId")).toHaveText(String(device.registrationId));
  await expect(cell(page, 0, "outcome")).toHaveText("Refused");
  const details = await expandFirst(page);
  await expect(details).toContainText("Reason:");
  await expect(details).toContainText("changed");
  await expect(details).toContainText("Nothing was changed.");
});

test("a failed sign-in at the identity provider's form is a failed Sign-in event with its address, never its password", async ({ page, browser }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const login = `nobody.${randomBytes(5).toString("hex")}`;
  const password = `Wrong-${randomBytes(6).toString("hex")}`;
  const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: javaScript });
  try {
    const signInPage = await stranger.newPage();
    await signInPage.goto("/login");
    await submitIdentityProviderForm(signInPage, login, password);
    await expect(signInPage).toHaveURL(/\/oidc\/interaction\//);
  } finally {
    await stranger.close();
  }

  await withSession(page, "power");
  await openActivity(page, javaScript, `actor=${encodeURIComponent(login)}`);
  await settled(page, new RegExp(`actor=${login.replace(".", "\\.")}`), TITLE);
  await expect(eventRows(page)).toHaveCount(1);
  await expect(cell(page, 0, "action")).toHaveText("Sign-in");
  await expect(cell(page, 0, "entity")).toHaveText("User");
  await expect(cell(page, 0, "outcome")).toHaveText("Failed");
  const details = await expandFirst(page);
  await expect(details).toContainText("The login or the password was not accepted.");
  await expect(details).toContainText("Client address");
  await expect(details).toContainText("Nothing was changed.");
  expect(await page.content()).not.toContain(password);
});
