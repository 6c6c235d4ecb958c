import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnTexts, correctionsNotice, expect, gridTable, hydrated, openPanel, settled, expectNoTrustInExportOrTabs } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The Devices screen with JavaScript off and on: filters (digits only for ids) and their chips, a
 * row expanded into its details and History, and with trust=Y DeRegister and Delete, each asking
 * first, then the list as it is after. Every row is the test's own (a copy of a demo registration
 * under a serial number of its own), so the two projects never share one.
 */
test.describe.configure({ timeout: 60_000 });

const PATH = "/admin/devices";
const TITLE = "Devices";

interface StoredDevice {
  registrationId: number;
  serialNo: string;
  isActive: number;
}

/** Copies of a demo registration under new serial numbers, changed just now so they lead the list. */
function createDevices(prefix: string, count: number): StoredDevice[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    const source = db
      .prepare("select provider_id, shop_id, type from device_registrations where is_active = 1 order by registration_id limit 1")
      .get() as Record<string, unknown>;
    const insert = db.prepare(
      `insert into device_registrations (provider_id, shop_id, serial_no, nickname, type, is_active, created_date_time, created_user_id, last_modified_date_time, modified_user_id, row_version)
       values (@provider_id, @shop_id, @serial_no, @nickname, @type, 1, @at, 'e2e', @at, 'e2e', 1) returning registration_id as registrationId`,
    );
    return Array.from({ length: count }, (_, index) => {
      const serialNo = `${prefix}-${index + 1}`;
      const { registrationId } = insert.get({ ...source, serial_no: serialNo, nickname: `E2E bench ${index + 1}`, at: new Date().toISOString() }) as {
        registrationId: number;
      };
      return { registrationId, serialNo, isActive: 1 };
    });
  } finally {
    db.close();
  }
}

/**
 * A test's device by its id and serial number: SQLite gives a deleted last row's id to the next
 * insert, which may be another test's device made at the same time.
 */
function storedDevice(device: { registrationId: number; serialNo: string }): StoredDevice | undefined {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select registration_id as registrationId, serial_no as serialNo, is_active as isActive from device_registrations where registration_id = ? and serial_no = ?",
        )
        .get(device.registrationId, device.serialNo) as StoredDevice | undefined,
  );
}

/** The table's rows (not an expanded row's panel): this grid has no checkboxes to find them by. */
const deviceRows = (page: Page) =>
  gridTable(page, TITLE)
    .locator("tbody > tr")
    .filter({ has: page.locator('td[data-column="serialNo"]') });

const uniquePrefix = (project: string) => `E2E${project.toUpperCase()}${randomBytes(3).toString("hex").toUpperCase()}`;

async function acknowledge(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await dialog
    .getByRole("link", { name: "OK" })
    .or(dialog.getByRole("button", { name: "OK" }))
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

test("filters with chips (ids take digits only) and expands a row into its details and History; no trust actions without trust=Y", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const [first, second] = createDevices(prefix, 2);
  await withSession(page, "power");
  await page.goto(PATH);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE)).toBeVisible();

  const filters = await openPanel(page, javaScript, "Add Filter");
  await filters.getByLabel("Serial No").fill(prefix.toLowerCase());
  await filters.getByRole("button", { name: "Apply" }).click();
  await settled(page, new RegExp(`serialNo=${prefix.toLowerCase()}`), TITLE);
  expect((await columnTexts(page, "serialNo", TITLE)).sort()).toEqual([first.serialNo, second.serialNo]);
  await expect(page.getByRole("link", { name: `Remove filter Serial No: ${prefix.toLowerCase()}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(DeRegister|Delete) / })).toHaveCount(0);

  // Letters in an id filter are dropped, visibly.
  await page.goto(`${PATH}?serialNo=${prefix}&registrationId=12ab`);
  await hydrated(page, javaScript);
  await expect(correctionsNotice(page)).toContainText("Registration Id");
  await expect(deviceRows(page)).toHaveCount(2);

  await page.goto(`${PATH}?serialNo=${prefix}&registrationId=${first.registrationId}`);
  await hydrated(page, javaScript);
  await expect(deviceRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: `Expand row ${first.registrationId}` }).click();
  const details = page.getByRole("region", { name: `Details of device registration ${first.registrationId}` });
  await expect(details).toContainText(first.serialNo);
  await expect(details).toContainText("Active");
  await expect(details.getByRole("region", { name: `History of device registration ${first.registrationId}` })).toContainText("No changes have been recorded.");

  await page.getByRole("link", { name: `Remove filter Registration Id: ${first.registrationId}` }).click();
  // No registrationId anywhere in the address (the expanded row's address lists it before serialNo).
  await settled(page, new RegExp(`^(?!.*registrationId).*serialNo=${prefix}`), TITLE);
  await expect(deviceRows(page)).toHaveCount(2);
});

test("with trust=Y, DeRegister and Delete ask first; then the list shows the registration Inactive with its History, then without it", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const [kept, removed] = createDevices(prefix, 2);
  await withSession(page, "admin");
  await page.goto(`${PATH}?serialNo=${prefix}&trust=Y`);
  await hydrated(page, javaScript);
  await expect(deviceRows(page)).toHaveCount(2);
  const confirmation = page.getByRole(javaScript ? "dialog" : "alert", { name: "Please confirm" });

  await page.getByRole("button", { name: `DeRegister ${kept.registrationId}` }).click();
  await expect(confirmation).toContainText(`${kept.registrationId} · ${kept.serialNo}`);
  expect(storedDevice(kept)?.isActive).toBe(1);
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await acknowledge(page, "Success", `Device registration ${kept.registrationId} is de-registered (Inactive).`);
  expect(storedDevice(kept)?.isActive).toBe(0);
  const keptRow = deviceRows(page).filter({ hasText: kept.serialNo });
  await expect(keptRow.locator('td[data-column="status"]')).toHaveText("Inactive");
  // An inactive registration is offered only what can act on it: Delete, not DeRegister again.
  await expect(page.getByRole("button", { name: `Delete ${kept.registrationId}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `DeRegister ${kept.registrationId}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `DeRegister ${removed.registrationId}` })).toBeVisible();

  await page.getByRole("link", { name: `Expand row ${kept.registrationId}` }).click();
  await expect(page.getByRole("region", { name: `History of device registration ${kept.registrationId}` })).toContainText("Status: Active → Inactive");

  await page.getByRole("button", { name: `Delete ${removed.registrationId}` }).click();
  await expect(confirmation).toContainText(`${removed.registrationId} · ${removed.serialNo}`);
  // Cancel leaves it; Delete again and Confirm removes it.
  await confirmation
    .getByRole("link", { name: "Cancel" })
    .or(confirmation.getByRole("button", { name: "Cancel" }))
    .first()
    .click();
  await expect(deviceRows(page)).toHaveCount(2);
  expect(storedDevice(removed)).toBeDefined();
  await page.getByRole("button", { name: `Delete ${removed.registrationId}` }).click();
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await acknowledge(page, "Success", `Device registration ${removed.registrationId} is deleted.`);
  expect(storedDevice(removed)).toBeUndefined();
  expect(await columnTexts(page, "serialNo", TITLE)).toEqual([kept.serialNo]);
});

test("trust=Y is not remembered: in a later session /admin/devices and the admin tabs lead to the list without trust actions", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const [device] = createDevices(prefix, 1);
  await withSession(page, "admin");
  await page.goto(`${PATH}?serialNo=${prefix}&trust=Y`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("button", { name: `DeRegister ${device.registrationId}` })).toBeVisible();
  // The page's own links keep the switch; the export and the tabs do not carry it.
  await expect(gridTable(page, TITLE).locator('thead a[href*="sort=serialNo"]')).toHaveAttribute("href", /[?&]trust=Y(&|$)/);
  await expectNoTrustInExportOrTabs(page);

  // A later session of the same user: the bare address brings back the query, without trust=Y.
  await page.context().clearCookies();
  await withSession(page, "admin");
  await page.goto(PATH);
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(new RegExp(`serialNo=${prefix}`));
  expect(new URL(page.url()).searchParams.has("trust")).toBe(false);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^(DeRegister|Delete) / })).toHaveCount(0);

  // The same through the Devices tab from another admin screen.
  await page.goto("/admin/userroles");
  await hydrated(page, javaScript);
  await page.getByRole("navigation", { name: "Admin screens" }).getByRole("link", { name: TITLE }).click();
  await settled(page, new RegExp(`${PATH}\\?serialNo=${prefix}$`), TITLE);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^(DeRegister|Delete) / })).toHaveCount(0);
});
