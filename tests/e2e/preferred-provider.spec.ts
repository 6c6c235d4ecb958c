import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });
// Several full dashboard pages each, on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const KPI = "/dashboard/kpi";
const ADOPTION = "/dashboard/adoptionReport";
const ERROR_LOG = "/admin/feedbackError";

/** Chooses a provider with a screen's own selector (a GET form with Apply). */
async function chooseProvider(page: import("@playwright/test").Page, provider: string): Promise<void> {
  const form = page.getByRole("form", { name: "Provider", exact: true });
  await form.getByLabel("Provider").selectOption(provider);
  await form.getByRole("button", { name: "Apply" }).click();
}

/**
 * One preferred provider (issue 25 item 5, decision 0065), with JavaScript off and on: the provider
 * chosen last, on the KPI Dashboard or the Adoption report, is what a plain open of either and of
 * the Feedbacks/Errors log starts on; a plain open of the report keeps the rest of its own
 * remembered query and does not write its older provider back.
 */
test("the provider chosen on the KPI Dashboard is the one the others open on, and a plain open of the report writes no older one back", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "admin");

  // The report's own query: provider 1001 and a months range of its own.
  await page.goto(`${ADOPTION}?provider=1001&months=6-10`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("form", { name: "Provider", exact: true }).getByLabel("Provider")).toHaveValue("1001");

  // 1002 chosen on the KPI Dashboard.
  await page.goto(KPI);
  await hydrated(page, javaScript);
  await expect(page).toHaveURL(/\/dashboard\/kpi\?provider=1001$/);
  await chooseProvider(page, "1002");
  await expect(page).toHaveURL(/\/dashboard\/kpi\?provider=1002$/);

  // A plain open of the report starts on 1002, with its own months.
  await page.goto(ADOPTION);
  await expect(page).toHaveURL(/\/dashboard\/adoptionReport\?provider=1002&months=6-10$/);
  await hydrated(page, javaScript);
  await expect(page.getByRole("form", { name: "Provider", exact: true }).getByLabel("Provider")).toHaveValue("1002");

  // The log and the dashboard follow 1002: nothing wrote 1001 back.
  await page.goto(ERROR_LOG);
  await expect(page).toHaveURL(/\/admin\/feedbackError\?providerId=1002/);
  await page.goto(KPI);
  await expect(page).toHaveURL(/\/dashboard\/kpi\?provider=1002$/);
});

test("the provider chosen on the Adoption report is the one the KPI Dashboard and the log open on", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "admin");
  await page.goto(`${ADOPTION}?provider=1002&months=6-10`);
  await hydrated(page, javaScript);
  await chooseProvider(page, "1001");
  // A new provider starts the report afresh (spec §4: changing the provider resets the filters).
  await expect(page).toHaveURL(/\/dashboard\/adoptionReport\?provider=1001$/);
  await page.goto(KPI);
  await expect(page).toHaveURL(/\/dashboard\/kpi\?provider=1001$/);
  await page.goto(ERROR_LOG);
  await expect(page).toHaveURL(/\/admin\/feedbackError\?providerId=1001/);
});
