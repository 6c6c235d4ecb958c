import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { readE2eDatabase, writeE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { acknowledge, columnTexts, expect, gridTable, hydrated, openPanel, settled, expectNoTrustInExportOrTabs } from "./grid-page";
import { withSession } from "./sign-in";
import { compileFailurePattern } from "../../app/integrations/sandbox/failure-pattern";
import { E2E_SHOP_REGISTRATION_FAILING_SHOPS } from "../../playwright.config";

/**
 * Shop Registrations with JavaScript off and on (issue 14, decision 0044): filters and their chips,
 * a row expanded into the shop record of its license, and with trust=Y each trust action: Update
 * RF Details, Resend to the built-in provider sandbox (a shop it accepts, and one whose id the
 * sandbox fails on purpose: PROVIDER_SANDBOX_FAIL), DeRegister and Delete asking first. Every row
 * is the test's own (the demo provider's, which has no routing of its own), so the projects never
 * share one.
 */
test.describe.configure({ timeout: 60_000 });

const PATH = "/admin/shopRegistration";
const TITLE = "Shop Registrations";
const failingShop = compileFailurePattern(E2E_SHOP_REGISTRATION_FAILING_SHOPS);

interface Shop {
  id: number;
  license: string;
  name: string;
}

interface Registration {
  id: number;
  /** The test's own provider customer id: with the id it names the row (a deleted last row's id is given to the next insert). */
  customer: string;
  shop: Shop;
}

/** Two shops with a license: one the sandbox accepts, one whose id it fails. */
function shops(): { accepted: Shop; failing: Shop } {
  const rows = readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select repair_facility_id as id, license_num as license, cust_name as name from shops where license_num is not null and is_internal = 'N' order by repair_facility_id limit 40",
        )
        .all() as Shop[],
  );
  const accepted = rows.find((shop) => !failingShop.test(String(shop.id)));
  const failing = rows.find((shop) => failingShop.test(String(shop.id)));
  if (!accepted || !failing) throw new Error("the demo data has no shops of both kinds");
  return { accepted, failing };
}

/** Registrations of the demo provider under the test's own customer ids, with shop details as the provider once sent them. */
function createRegistrations(prefix: string, of: readonly Shop[]): Registration[] {
  const created: Registration[] = [];
  writeE2eDatabase((db) => {
    const insert = db.prepare(
      `insert into shop_registrations (provider_id, provider_customer_id, license_key, shop_id, shop_name, address, city, state_cd, zip_code,
         created_date_time, last_modified_date_time, is_active, diagnostics_products, provider_status, row_version)
       values (1001, @customer, @license, @shop, 'E2E Stale Name', '1 Old Street', 'Oldtown', 'ZZ', '00000', @at, @at, 1, '["KRD_SCAN"]', 'Pending', 1)
       returning id`,
    );
    of.forEach((shop, index) => {
      const customer = `${prefix}-${index + 1}`;
      const { id } = insert.get({ customer, license: shop.license, shop: shop.id, at: new Date().toISOString() }) as { id: number };
      created.push({ id, customer, shop });
    });
  });
  return created;
}

function stored(registration: Registration): { shopName: string; isActive: number; providerStatus: string } | undefined {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select shop_name as shopName, is_active as isActive, provider_status as providerStatus from shop_registrations where id = ? and provider_customer_id = ?",
        )
        .get(registration.id, registration.customer) as { shopName: string; isActive: number; providerStatus: string } | undefined,
  );
}

const registrationRows = (page: Page) =>
  gridTable(page, TITLE)
    .locator("tbody > tr")
    .filter({ has: page.locator('td[data-column="shopName"]') });
const cellOf = (page: Page, id: number, column: string) =>
  registrationRows(page)
    .filter({ has: page.locator(`td[data-column="id"]`, { hasText: new RegExp(`^${id}$`) }) })
    .locator(`td[data-column="${column}"]`);
const uniquePrefix = (project: string) => `E2E${project.toUpperCase()}${randomBytes(3).toString("hex").toUpperCase()}`;

test("filters with chips and expands a row into the shop record of its license; no trust actions without trust=Y", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const { accepted, failing } = shops();
  const [first, second] = createRegistrations(prefix, [accepted, failing]);
  await withSession(page, "power");
  await page.goto(PATH);
  await hydrated(page, javaScript);

  const filters = await openPanel(page, javaScript, "Add Filter");
  await filters.getByLabel("Provider Customer Id").fill(prefix.toLowerCase());
  await filters.getByRole("button", { name: "Apply" }).click();
  await settled(page, new RegExp(`providerCustomerId=${prefix.toLowerCase()}`), TITLE);
  expect((await columnTexts(page, "id", TITLE)).sort()).toEqual([String(first.id), String(second.id)].sort());
  await expect(page.getByRole("button", { name: /^(Update RF Details|Resend|DeRegister|Delete) / })).toHaveCount(0);

  await page.goto(`${PATH}?providerCustomerId=${prefix}&licenseKey=${Number(first.shop.license)}`);
  await hydrated(page, javaScript);
  await expect(registrationRows(page)).toHaveCount(1);
  await page.getByRole("link", { name: `Expand row ${first.id}` }).click();
  const shopRecord = page.getByRole("region", { name: `Details of registration ${first.id}` }).getByRole("region", { name: "Shop record" });
  await expect(shopRecord).toContainText(first.shop.name);
  await expect(shopRecord).toContainText(String(first.shop.id));

  await page.getByRole("link", { name: `Remove filter License Key: ${Number(first.shop.license)}` }).click();
  // No licenseKey anywhere in the address (the expanded row's address may list it first).
  await settled(page, new RegExp(`^(?!.*licenseKey).*providerCustomerId=${prefix}`), TITLE);
  await expect(registrationRows(page)).toHaveCount(2);
});

test("with trust=Y: Update RF Details, Resend (accepted and failing), DeRegister and Delete asking first; the list reloads after each", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const { accepted, failing } = shops();
  const [refreshed, failed, deregistered, deleted] = createRegistrations(prefix, [accepted, failing, accepted, accepted]);
  await withSession(page, "admin");
  await page.goto(`${PATH}?providerCustomerId=${prefix}&trust=Y`);
  await hydrated(page, javaScript);
  await expect(registrationRows(page)).toHaveCount(4);

  await page.getByRole("button", { name: `Update RF Details ${refreshed.id}` }).click();
  await acknowledge(page, "Success", `Shop registration ${refreshed.id} now has the shop details of its shop record.`);
  expect(stored(refreshed)?.shopName).toBe(accepted.name);
  await expect(cellOf(page, refreshed.id, "shopName")).toHaveText(accepted.name);
  // Again, with nothing left to update: said as information, not as a failure.
  await page.getByRole("button", { name: `Update RF Details ${refreshed.id}` }).click();
  await acknowledge(page, "Already up to date", "This shop registration already has the shop details of its shop record; there was nothing to update.");
  await expect(page.getByRole("alert").filter({ hasText: "Fail" })).toHaveCount(0);

  await page.getByRole("button", { name: `Resend ${refreshed.id}` }).click();
  await acknowledge(page, "Success", "Resent shop registration info to the provider.");
  await expect(cellOf(page, refreshed.id, "providerStatus")).toHaveText("Success");

  await page.getByRole("button", { name: `Resend ${failed.id}` }).click();
  await acknowledge(page, "Fail", "Failed at resending shop registration data.");
  await expect(cellOf(page, failed.id, "providerStatus")).toHaveText("Failed");

  const confirmation = page.getByRole(javaScript ? "dialog" : "alert", { name: "Please confirm" });
  await page.getByRole("button", { name: `DeRegister ${deregistered.id}` }).click();
  await expect(confirmation).toContainText(`${deregistered.id} · E2E Stale Name`);
  expect(stored(deregistered)?.isActive).toBe(1);
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await acknowledge(page, "Success", `Shop registration ${deregistered.id} is de-registered (Inactive).`);
  expect(stored(deregistered)?.isActive).toBe(0);
  await expect(cellOf(page, deregistered.id, "active")).toHaveText("Inactive");
  // An inactive registration is offered only what can act on it: no Resend, no DeRegister again.
  await expect(page.getByRole("button", { name: `Delete ${deregistered.id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Update RF Details ${deregistered.id}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Resend ${deregistered.id}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `DeRegister ${deregistered.id}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Resend ${deleted.id}` })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${deleted.id}` }).click();
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await acknowledge(page, "Success", `Shop registration ${deleted.id} is deleted.`);
  expect(stored(deleted)).toBeUndefined();
  await expect(registrationRows(page)).toHaveCount(3);
});

test("trust=Y is not remembered: in a later session /admin/shopRegistration and the admin tabs lead to the list without trust actions", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const prefix = uniquePrefix(testInfo.project.name);
  const { accepted } = shops();
  const [registration] = createRegistrations(prefix, [accepted]);
  await withSession(page, "admin");
  await page.goto(`${PATH}?providerCustomerId=${prefix}&trust=Y`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("button", { name: `Delete ${registration.id}` })).toBeVisible();
  await expectNoTrustInExportOrTabs(page);

  await page.context().clearCookies();
  await withSession(page, "admin");
  await page.goto("/admin/devices");
  await hydrated(page, javaScript);
  await page.getByRole("navigation", { name: "Admin screens" }).getByRole("link", { name: TITLE }).click();
  await settled(page, new RegExp(`${PATH}\\?providerCustomerId=${prefix}$`), TITLE);
  await expect(registrationRows(page)).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^(Update RF Details|Resend|DeRegister|Delete) / })).toHaveCount(0);
});
