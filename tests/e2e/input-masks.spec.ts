import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";
import { correctionsNotice, expect, hydrated, openPanel } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The input masks (issue 25 item 8, decision 0067): platform spec §5's billing parameters (digits
 * for a '…number' parameter, two decimals for the others) and the digits-only filters of the
 * dashboards and transactions specs. With JavaScript they mask as typed; without it the server (or,
 * for a GET filter form, the browser's pattern check) refuses with words naming the format and keeps
 * what was typed. A filled field is never called empty.
 */
test.describe.configure({ timeout: 90_000 });

const VIN_RULE = "One charge per VIN within the billing interval";
const AMOUNT_WORDS = "Enter an amount with at most two decimals.";
const DIGITS_WORDS = "Enter a whole number, digits only.";

/** Types as a user does, one key at a time (the mask acts on each). */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill("");
  await field.pressSequentially(text);
}

test("billing rule parameters and Provider Id: masked as typed with JavaScript; without it the server names the format and keeps the text", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers/new*");
  await withSession(page, "admin");
  await page.goto("/admin/providers/new");
  await hydrated(page, javaScript);
  const form = page.getByRole("form", { name: "Add new provider" });
  const billing = form.getByRole("group", { name: "Billing Rule" });

  await form.getByLabel("Billing Rule", { exact: true }).selectOption({ label: VIN_RULE });
  // Without JavaScript the chosen rule's parameters come with the server's answer.
  if (!javaScript) await form.getByRole("button", { name: "Save" }).click();
  const price = billing.getByLabel("Interval Price");
  const scans = billing.getByLabel("Maximum Scan Number");
  await expect(price).toBeVisible();

  await typeInto(price, "12abc.345");
  await typeInto(scans, "3.5x");
  await typeInto(form.getByLabel("Provider Id"), "12ab3");
  if (javaScript) {
    await expect(price).toHaveValue("12.34");
    await expect(scans).toHaveValue("35");
    await expect(form.getByLabel("Provider Id")).toHaveValue("123");
    await form.getByRole("button", { name: "Save" }).click();
    // The other fields are empty and say so; the masked ones are fine.
    await expect(form.getByText("Please input provider name")).toBeVisible();
    await expect(billing.getByText("Field is required")).toHaveCount(0);
    await expect(price).not.toHaveAttribute("aria-invalid", "true");
    await expect(scans).not.toHaveAttribute("aria-invalid", "true");
    return;
  }
  await form.getByRole("button", { name: "Save" }).click();
  await expect(price).toHaveAccessibleDescription(AMOUNT_WORDS);
  await expect(scans).toHaveAccessibleDescription(DIGITS_WORDS);
  await expect(form.getByLabel("Provider Id")).toHaveAccessibleDescription(DIGITS_WORDS);
  await expect(billing.getByText("Field is required")).toHaveCount(0);
  await expect(price).toHaveValue("12abc.345");
  await expect(scans).toHaveValue("3.5x");
  await expect(form.getByLabel("Provider Id")).toHaveValue("12ab3");
});

interface DigitsFilter {
  grid: string;
  path: string;
  label: string;
  param: string;
  maxDigits: number;
}

/** The digits-only filters the specs name (dashboards §5 Shop List and Shop Registrations, ETL's Batch Id; transactions §5). */
const DIGITS_FILTERS: readonly DigitsFilter[] = [
  { grid: "Shop List", path: "/dashboard/kpi/shopList?provider=1001", label: "License #", param: "license", maxDigits: 8 },
  { grid: "Shop List", path: "/dashboard/kpi/shopList?provider=1001", label: "Zip", param: "zip", maxDigits: 8 },
  { grid: "Shop Registrations", path: "/admin/shopRegistration", label: "License Key", param: "licenseKey", maxDigits: 8 },
  { grid: "Shop Registrations", path: "/admin/shopRegistration", label: "Zip Code", param: "zipCode", maxDigits: 8 },
  { grid: "Redshift ETL Dashboard", path: "/admin/redshiftETLDashboard", label: "Batch Id", param: "etlBatchId", maxDigits: 10 },
  { grid: "Transactions", path: "/transactions", label: "Shop Id", param: "shopId", maxDigits: 8 },
];

async function filterForm(page: Page, javaScript: boolean, filter: DigitsFilter): Promise<Locator> {
  await page.goto(filter.path);
  await hydrated(page, javaScript);
  return openPanel(page, javaScript, "Add Filter");
}

for (const filter of DIGITS_FILTERS) {
  test(`${filter.grid}, ${filter.label} filter: masked as typed with JavaScript; without it Apply is stopped with the format's words; a hand-edited URL is refused by the server`, async ({
    page,
  }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await withSession(page, "admin");
    const form = await filterForm(page, javaScript, filter);
    const field = form.getByLabel(filter.label, { exact: true });
    const tooMany = "0123456789012";
    if (javaScript) {
      await typeInto(field, "12ab.3-4 5");
      await expect(field).toHaveValue("12345");
      await typeInto(field, tooMany);
      await expect(field).toHaveValue(tooMany.slice(0, filter.maxDigits));
    } else {
      await typeInto(field, "12ab");
      await expect(field).toHaveAttribute("title", DIGITS_WORDS);
      await form.getByRole("button", { name: "Apply" }).click();
      // The browser's own check stops the GET form: the page and what was typed stay.
      await expect(field).toHaveValue("12ab");
      expect(new URL(page.url()).searchParams.has(filter.param)).toBe(false);
    }
    const separator = filter.path.includes("?") ? "&" : "?";
    await page.goto(`${filter.path}${separator}${filter.param}=12ab`);
    await hydrated(page, javaScript);
    await expect(correctionsNotice(page)).toContainText(`${filter.label} takes digits only ("12ab" was ignored)`);
  });
}
