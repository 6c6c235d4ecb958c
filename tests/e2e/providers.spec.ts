import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";
import { expect, gridTable, hydrated } from "./grid-page";
import { testUserLike, withSession } from "./sign-in";
import { createProviderLike, freshProviderIdentity, storedProviderState, type TestProvider } from "./test-providers";

/**
 * The Providers screen (issue 13) with JavaScript off and on. Every test edits providers of its
 * own (copies of a demo provider), so the two projects never share one.
 */
test.describe.configure({ timeout: 90_000 });

const TITLE = "Providers";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

async function openProvider(page: Page, javaScript: boolean, provider: TestProvider): Promise<Locator> {
  await page.goto(`/admin/providers?providerId=${provider.providerId}&expanded=${provider.providerId}`);
  await hydrated(page, javaScript);
  const region = page.getByRole("region", { name: `Details of provider ${provider.providerName}` });
  await expect(region).toBeVisible();
  return region;
}

async function okDialog(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** Ticks an option of a choice list: a checkbox without JavaScript, the MultiSelect's option with it. */
async function choose(page: Page, scope: Locator, javaScript: boolean, label: string, option: string): Promise<void> {
  if (javaScript) {
    await scope.getByRole("textbox", { name: label, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
    await page.keyboard.press("Escape");
  } else {
    await scope
      .getByRole("group", { name: `${label} *` })
      .getByRole("checkbox", { name: option, exact: true })
      .check();
  }
}

test("adds a new provider: each of the spec's messages, a billing rule's values, a routing row, then the table shows it", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers/new*");
  await withSession(page, "admin");
  await page.goto("/admin/providers");
  await hydrated(page, javaScript);
  await page.getByRole("link", { name: "Add new provider" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add new provider" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add new provider" });

  await form.getByLabel("Version").fill("");
  await form.getByRole("button", { name: "Save" }).click();
  for (const message of [
    "Provider Id is required",
    "Please input provider name",
    "Please input provider type",
    "Please input provider Code",
    "Please input version",
    "Please select makes",
    "Please select scan types",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  const { providerId, providerCd } = freshProviderIdentity();
  const name = `Harbor Scan ${providerCd}`;
  await form.getByLabel("Provider Id").fill(String(providerId));
  await form.getByLabel("Provider Name").fill(name);
  await form.getByLabel("Provider Type").fill("Remote Diagnostics");
  await form.getByLabel("Provider Code").fill(providerCd);
  await form.getByLabel("Version").fill("2.0");
  await choose(page, form, javaScript, "Makes", "Ford");
  await choose(page, form, javaScript, "Scan Types", "Pre-Repair Scan");
  await form.getByLabel("Billing Rule", { exact: true }).selectOption({ index: 1 });
  if (javaScript) {
    // The rule's parameters appear at once; 0 is not above 0, and a filled field is never called empty.
    const first = form.getByRole("group", { name: "Billing Rule" }).getByRole("textbox").first();
    await first.fill("0");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText(/^Enter (an amount|a whole number) above 0\.$/).first()).toBeVisible();
  } else {
    // Without JavaScript the page answers with the chosen rule's parameters to fill in.
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Field is required").first()).toBeVisible();
  }
  const values = form.getByRole("group", { name: "Billing Rule" }).getByRole("textbox");
  expect(await values.count()).toBeGreaterThan(0);
  for (const value of await values.all()) await value.fill("4");

  await form.getByRole("button", { name: "Add routing" }).click();
  const routing = form.getByRole("group", { name: "Routing 1" });
  await routing.getByLabel("Routing Name").fill("SCAN_REQUEST");
  await routing.getByLabel("Routing URL").fill("https://harbor.example.com/v2/scan");
  await routing.getByLabel("Timeout (seconds)").fill("60");
  // The page kept what was typed across the no-JavaScript round trip.
  await expect(form.getByLabel("Provider Name")).toHaveValue(name);
  await form.getByRole("button", { name: "Save" }).click();

  const saved = await okDialog(page, "Success");
  await expect(saved).toContainText("Saved the new Provider Item");
  await saved.getByRole("link", { name: "OK" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/providers\\?providerId=${providerId}&expanded=${providerId}`));
  const region = page.getByRole("region", { name: `Details of provider ${name}` });
  await expect(region.getByRole("group", { name: "Routing 1" }).getByLabel("Routing URL")).toHaveValue("https://harbor.example.com/v2/scan");
  await expect(gridTable(page, TITLE).locator("tbody")).toContainText(providerCd);
});

test("a logo that is not a JPEG or PNG is discarded the moment it is chosen with JavaScript, and refused by Save without it; nothing is saved", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers*");
  const provider = createProviderLike(1001);
  await withSession(page, "admin");
  const region = await openProvider(page, javaScript, provider);
  const form = region.getByRole("form", { name: `Provider ${provider.providerName}` });
  const logo = form.getByLabel(`New logo of ${provider.providerName}`);
  const refusal = "The logo must be a JPEG or PNG image.";
  const before = storedProviderState(provider.providerId);
  expect(before.logo).toBeNull();

  // An HTML file named .png and claiming to be one is refused by its bytes.
  await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><p>not a logo</p>") });
  if (javaScript) {
    // At once, beside the field, and the file is no longer selected: Save would send no logo.
    await expect(logo).toHaveAccessibleDescription(refusal);
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(logo).toHaveValue("");
    // A good file chosen next takes the refusal away.
    await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await expect(form.getByText(refusal)).toHaveCount(0);
    await expect(logo).not.toHaveValue("");
    await logo.setInputFiles([]);
  } else {
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Success" })).toHaveCount(0);
  }
  expect(storedProviderState(provider.providerId)).toEqual(before);
});

test("edits a provider's routings, billing values and logo, and lists the changes in its History", async ({ page, browserProblems }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers*");
  const provider = createProviderLike(1001);
  await withSession(page, "admin");
  let region = await openProvider(page, javaScript, provider);
  const form = () => region.getByRole("form", { name: `Provider ${provider.providerName}` });

  const routingsBefore = await form()
    .getByRole("group", { name: /^Routing \d+$/ })
    .count();
  expect(routingsBefore).toBeGreaterThan(1);
  await form().getByRole("button", { name: "Remove routing 1" }).click();
  await expect(form().getByRole("group", { name: /^Routing \d+$/ })).toHaveCount(routingsBefore - 1);
  await form().getByRole("button", { name: "Add routing" }).click();
  const added = form().getByRole("group", { name: `Routing ${routingsBefore}` });
  await added.getByLabel("Routing Name").fill("RESULTS_CALLBACK");
  await added.getByLabel("Routing URL").fill("https://results.example.com/callback");
  const billing = form().getByRole("group", { name: "Billing Rule" }).getByRole("textbox").first();
  await billing.fill("7");
  await form().getByLabel(`New logo of ${provider.providerName}`).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await form().getByRole("button", { name: "Save" }).click();

  const saved = await okDialog(page, "Success");
  await expect(saved).toContainText("Provider updated successfully.");
  await saved.getByRole("link", { name: "OK" }).click();
  region = page.getByRole("region", { name: `Details of provider ${provider.providerName}` });
  const logo = region.getByRole("img", { name: `Logo of ${provider.providerName}` });
  await expect(logo).toHaveAttribute("src", `/admin/providers/${provider.providerId}/logo?v=3`);
  const served = await page.request.get(`/admin/providers/${provider.providerId}/logo?v=3`);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(
    form()
      .getByRole("group", { name: `Routing ${routingsBefore}` })
      .getByLabel("Routing Name"),
  ).toHaveValue("RESULTS_CALLBACK");

  const history = region.getByRole("region", { name: `History of ${provider.providerName}` });
  await expect(history).toContainText("Routings:");
  await expect(history).toContainText("Billing Values:");
  await expect(history).toContainText("Logo:");
  await expect(history).toContainText(testUserLike("admin").login);
});

test("refuses a routing URL at an internal address beside that field, keeping what was typed and saving nothing; a public address saves", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers*");
  const provider = createProviderLike(1003);
  await withSession(page, "admin");
  let region = await openProvider(page, javaScript, provider);
  const form = () => region.getByRole("form", { name: `Provider ${provider.providerName}` });
  const firstUrl = () => form().getByRole("group", { name: "Routing 1" }).getByLabel("Routing URL");
  const storedUrl = await firstUrl().inputValue();
  expect(storedUrl).toMatch(/^https?:\/\//);

  await firstUrl().fill("http://169.254.169.254/latest/meta-data/");
  await form().getByLabel("Notes").fill("Pointed at the metadata service");
  await form().getByRole("button", { name: "Save" }).click();
  const refusal = "The portal does not call this address: it is a loopback, private, link-local or other internal address.";
  await expect(firstUrl()).toHaveAccessibleDescription(refusal);
  await expect(form().getByRole("group", { name: "Routing 1" }).getByText(refusal)).toBeVisible();
  await expect(firstUrl()).toHaveValue("http://169.254.169.254/latest/meta-data/");
  await expect(form().getByLabel("Notes")).toHaveValue("Pointed at the metadata service");
  await expect(page.getByRole("dialog", { name: "Success" })).toHaveCount(0);

  // Nothing was written: the provider opened afresh still has its stored routing.
  region = await openProvider(page, javaScript, provider);
  await expect(firstUrl()).toHaveValue(storedUrl);

  await firstUrl().fill("https://registrations.example.com/v2/shops");
  await form().getByRole("button", { name: "Save" }).click();
  await (await okDialog(page, "Success")).getByRole("link", { name: "OK" }).click();
  region = await openProvider(page, javaScript, provider);
  await expect(firstUrl()).toHaveValue("https://registrations.example.com/v2/shops");
});

test("holds Save back over 365 days or on invalid JSON, and the server says why; a stale form is refused naming who changed it", async ({
  page,
  browser,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowStatus(400, "/admin/providers*");
  const provider = createProviderLike(1002);
  await withSession(page, "admin");
  const region = await openProvider(page, javaScript, provider);
  const form = region.getByRole("form", { name: `Provider ${provider.providerName}` });

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: javaScript });
  try {
    const stalePage = await context.newPage();
    await withSession(stalePage, "admin");
    const staleRegion = await openProvider(stalePage, javaScript, provider);

    await form.getByLabel("VIN Billing Interval Days").fill("400");
    await form.getByLabel("Registration Configuration").fill("{not json");
    if (javaScript) {
      await form.getByLabel("Provider Name").click();
      await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
    } else {
      await form.getByRole("button", { name: "Save" }).click();
    }
    await expect(form.getByText("Please use maximum 365 days")).toBeVisible();
    await expect(form.getByText("It is not in valid JSON format")).toBeVisible();

    await form.getByLabel("VIN Billing Interval Days").fill("30");
    await form.getByLabel("Registration Configuration").fill('{"autoApprove":true}');
    await form.getByLabel("Notes").fill("Changed by the first browser");
    await expect(form.getByRole("button", { name: "Save" })).toBeEnabled();
    await form.getByRole("button", { name: "Save" }).click();
    await (await okDialog(page, "Success")).getByRole("link", { name: "OK" }).click();

    const staleForm = staleRegion.getByRole("form", { name: `Provider ${provider.providerName}` });
    await staleForm.getByLabel("Notes").fill("Changed by the second browser");
    await staleForm.getByRole("button", { name: "Save" }).click();
    const refused = await okDialog(stalePage, "Fail");
    await expect(refused).toContainText(`changed by ${testUserLike("admin").login}`);
    await refused.getByRole("link", { name: "OK" }).click();
    await expect(stalePage.getByRole("region", { name: `Details of provider ${provider.providerName}` }).getByLabel("Notes")).toHaveValue(
      "Changed by the first browser",
    );
  } finally {
    await context.close();
  }
});

test("a user without changingProviderData sees every field disabled and no Save or Add new provider; the new-provider page is a 404", async ({
  page,
  browserProblems,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  browserProblems.allowNotFound("/admin/providers/new");
  const provider = createProviderLike(1003);
  await withSession(page, "power");
  const region = await openProvider(page, javaScript, provider);
  await expect(page.getByRole("link", { name: "Add new provider" })).toHaveCount(0);
  const form = region.getByRole("form", { name: `Provider ${provider.providerName}` });
  await expect(form.getByLabel("Provider Name")).toBeDisabled();
  await expect(form.getByLabel("Activate")).toBeDisabled();
  await expect(form.getByRole("group", { name: "Routing 1" }).getByLabel("Routing URL")).toBeDisabled();
  await expect(form.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Add routing" })).toHaveCount(0);
  await expect(region).toContainText("changing it needs the changingProviderData permission");
  expect((await page.goto("/admin/providers/new"))?.status()).toBe(404);
});
