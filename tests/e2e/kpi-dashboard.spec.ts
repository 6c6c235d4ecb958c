import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { expect, gridTable, hydrated, totalRows } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";
import { exactCount } from "../../app/lib/number-format";
import { recentPeriods } from "../../app/modules/dashboard/periods";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });

/** A card's number as written ("1,263"): the count it stands for. */
function countOf(text: string | null): number {
  return /^\d{1,3}(,\d{3})*$/.test(text ?? "") ? Number((text ?? "").replace(/,/g, "")) : Number.NaN;
}

/**
 * The KPI Dashboard with JavaScript off and on: the tabs and cards, the interval toggle and the
 * provider choice in the URL, a card's help and a chart's table, a provider user's locked
 * selector, and a card's number followed to its grid, whose total is the same number.
 */
test("shows the cards, switches interval and provider in the URL, and a number leads to as many rows", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/kpi\?provider=all$/);
  await hydrated(page, javaScript);
  await expect(page.getByRole("heading", { level: 1, name: "Diagnostics Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard views" }).getByRole("link", { name: "KPI Dashboard" })).toHaveAttribute("aria-current", "page");
  for (const title of [
    "Registered Shops",
    "Successful Scans",
    "Failed Scans",
    "Average Scan Time",
    "Shop Activity Trend",
    "Diagnostics Scan Trend",
    "Diagnostics Function Trend",
    "Shop Adoption Trend",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByText("Since last month").first()).toBeVisible();

  // A card's own toggle: that card by week, the others still by month.
  const ownToggle = page.getByRole("navigation", { name: "Successful Scans interval" });
  await expect(ownToggle.getByRole("link", { name: "Month" })).toHaveAttribute("aria-current", "true");
  await ownToggle.getByRole("link", { name: "Week" }).click();
  await expect(page).toHaveURL(/successfulScans\.interval=WEEK$/);
  await expect(page.getByRole("region", { name: "Successful Scans" })).toContainText("Since last week");
  await expect(page.getByRole("region", { name: "Failed Scans" })).toContainText("Since last month");
  await expect(page.getByRole("navigation", { name: "Successful Scans interval" }).getByRole("link", { name: "Week" })).toHaveAttribute("aria-current", "true");

  // The dashboard's own Week: the card's choice is now the dashboard's.
  await page.getByRole("navigation", { name: "Interval", exact: true }).getByRole("link", { name: "Week" }).click();
  await expect(page).toHaveURL(/interval=WEEK$/);
  await expect(page.getByText("Since last week").first()).toBeVisible();

  await page.getByRole("form", { name: "Provider", exact: true }).getByLabel("Provider").selectOption(String(DEMO_PROVIDER_ID));
  await page.getByRole("form", { name: "Provider", exact: true }).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`provider=${DEMO_PROVIDER_ID}&interval=WEEK$`));

  const successful = page.getByRole("region", { name: "Successful Scans" });
  const number = successful.getByRole("link", { name: /the rows behind Successful Scans$/ });
  // The demo data has a few requests a day: in the first hours of a week (Monday after midnight in
  // Chicago) this week has no successful scan yet, so the card's own Month gives the number to follow.
  if (countOf(await number.textContent()) === 0) {
    await page.getByRole("navigation", { name: "Successful Scans interval" }).getByRole("link", { name: "Month" }).click();
    await expect(page).toHaveURL(/successfulScans\.interval=MONTH/);
  }
  await successful.getByLabel("Additional Info. about Successful Scans").click();
  await expect(successful.getByRole("note")).toContainText("Additional Info.");
  // Closed again: the open disclosure floats over the card's number.
  await successful.getByLabel("Additional Info. about Successful Scans").click();
  await expect(successful.getByRole("note")).toBeHidden();

  const trend = page.getByRole("region", { name: "Diagnostics Scan Trend" });
  await trend.getByText("Table of the figures").click();
  const table = trend.getByRole("table", { name: "Diagnostics Scan Trend figures" });
  await expect(table.getByRole("row")).toHaveCount(6);
  // The same numbers as CSV: the link the card offers, downloaded with the page's session.
  const csvLink = trend.getByRole("link", { name: "Diagnostics Scan Trend figures as CSV" });
  const csvHref = (await csvLink.getAttribute("href")) ?? "";
  expect(csvHref).toContain("card=scanTrend");
  const csv = await page.request.get(csvHref);
  expect(csv.status()).toBe(200);
  const records = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(records).toHaveLength(6);
  // The table writes its counts exactly with separators, the CSV as bare digits.
  const firstRow = await table
    .getByRole("row")
    .nth(1)
    .evaluate((row) => [...row.children].map((cell) => cell.textContent ?? ""));
  expect(records[1].split(",")).toEqual(firstRow.map((cell, index) => (index === 0 ? cell : String(countOf(cell)))));

  // With JavaScript the address changes a moment before the card shows the new number.
  await expect.poll(async () => countOf(await number.textContent())).toBeGreaterThan(0);
  const shown = countOf(await number.textContent());
  await number.click();
  await expect(page).toHaveURL(/\/transactions\?.*tz=America(%2F|\/)Chicago/);
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(shown);
});

test("locks a provider user's selector to their own provider", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "provider");
  await page.goto("/dashboard/kpi?provider=all");
  await expect(page).toHaveURL(new RegExp(`/dashboard/kpi\\?provider=${DEMO_PROVIDER_ID}$`));
  await hydrated(page, javaScript);
  await expect(page.getByRole("form", { name: "Provider", exact: true }).getByLabel("Provider")).toBeDisabled();
  await expect(page.getByRole("heading", { level: 2, name: "Successful Scans" })).toBeVisible();
});

test("picks shops: every box ticked at first, Unselect all, two shops applied, then Select all again", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
  await hydrated(page, javaScript);
  // The picker's summary; closed without JavaScript, a link to the page with the picker open (decision 0072).
  const summary = page.locator(".dashboard-shop-picker > summary, .dashboard-shop-picker-opener");
  await expect(summary).toHaveText(/^Shops: all \d+$/);
  const offered = Number(/\d+/.exec((await summary.textContent()) ?? "")?.[0]);
  expect(offered).toBeGreaterThan(3);
  await summary.click();

  const form = page.getByRole("form", { name: "Shops" });
  const boxes = form.getByRole("checkbox");
  await expect(boxes).toHaveCount(offered);
  // Nothing picked yet: every shop is ticked.
  await expect(boxes.first()).toBeChecked();
  await expect(boxes.last()).toBeChecked();

  await form.getByRole("button", { name: "Unselect all", exact: true }).click();
  // Without JavaScript the button asks the server for the picker with nothing ticked.
  if (!javaScript) await expect(page).toHaveURL(/picker=none/);
  const picker = page.getByRole("form", { name: "Shops" });
  await expect(picker.getByRole("checkbox").first()).not.toBeChecked();
  await picker.getByRole("checkbox").nth(0).check();
  await picker.getByRole("checkbox").nth(1).check();
  await picker.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/&shop=\d+&shop=\d+$/);
  await hydrated(page, javaScript);
  await expect(summary).toHaveText(`Shops: 2 of ${offered}`);

  // A count card's rows are the picked shops' rows.
  const successful = page.getByRole("region", { name: "Successful Scans" });
  const href = (await successful.getByRole("link", { name: /the rows behind Successful Scans$/ }).getAttribute("href")) ?? "";
  expect(new URL(href, "http://portal.test").searchParams.getAll("shop")).toHaveLength(2);

  await summary.click();
  await page.getByRole("form", { name: "Shops" }).getByRole("button", { name: "Select all", exact: true }).click();
  if (javaScript) await page.getByRole("form", { name: "Shops" }).getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/kpi\\?provider=${DEMO_PROVIDER_ID}$`));
  await expect(summary).toHaveText(`Shops: all ${offered}`);
});

test("narrows a card to a make: the URL and the card change, and its number leads to as many rows", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  const base = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
  await page.goto(base);
  await hydrated(page, javaScript);
  const successful = page.getByRole("region", { name: "Successful Scans" });
  const number = successful.getByRole("link", { name: /the rows behind Successful Scans$/ });
  const before = countOf(await number.textContent());
  expect(before).toBeGreaterThan(0);

  const form = successful.getByRole("form", { name: "Successful Scans: make and scan type" });
  const make = form.getByLabel("Successful Scans make", { exact: true });
  await expect(make).toHaveValue("");
  await expect(make.locator("option").first()).toHaveText("All Makes");
  await expect(form.getByLabel("Successful Scans provider scan type", { exact: true }).locator("option").first()).toHaveText("All Provider Types");
  const offered = await make
    .locator("option")
    .evaluateAll((options) => options.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent ?? "" })));
  const chosen = offered.find((option) => option.label === "Ford") ?? offered[1];
  expect(chosen?.value).toBeTruthy();
  await make.selectOption(chosen.value);
  // Without JavaScript Apply sends the card's form; with JavaScript the change does.
  if (!javaScript) await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?provider=${DEMO_PROVIDER_ID}&successfulScans\\.make=${chosen.value}$`));
  await hydrated(page, javaScript);
  await expect(page.getByRole("region", { name: "Successful Scans" }).getByLabel("Successful Scans make", { exact: true })).toHaveValue(chosen.value);
  // The other cards keep every make.
  await expect(page.getByRole("region", { name: "Failed Scans" }).getByLabel("Failed Scans make", { exact: true })).toHaveValue("");
  const failedHref =
    (await page
      .getByRole("region", { name: "Failed Scans" })
      .getByRole("link", { name: /the rows behind Failed Scans$/ })
      .getAttribute("href")) ?? "";
  expect(new URL(failedHref, "http://portal.test").searchParams.has("make")).toBe(false);

  const narrowed = page.getByRole("region", { name: "Successful Scans" }).getByRole("link", { name: /the rows behind Successful Scans$/ });
  await expect(narrowed).toHaveAttribute("href", new RegExp(`[?&]make=${chosen.value}(&|$)`));
  const shown = countOf(await narrowed.textContent());
  expect(shown).toBeLessThan(before);
  await narrowed.click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?.*make=${chosen.value}`));
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(shown);
});

test("shows a bar's number in a tooltip on hover and on keyboard focus once hydrated @js-only", async ({ page }) => {
  await withSession(page, "power");
  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`);
  await hydrated(page, true);
  const chart = page.getByRole("group", { name: "Diagnostics Scan Trend: bar chart, each bar a link to its rows" });
  const bar = chart.getByRole("link").first();
  const name = (await bar.getAttribute("aria-label")) ?? "";
  // The bar's number exactly, never in short form (decision 0070).
  expect(name).toMatch(/^Successful, \w{3} \d{4}: \d{1,3}(,\d{3})*$/);
  const tip = page.getByRole("tooltip");
  await bar.hover();
  await expect(tip).toHaveText(name);
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  await bar.focus();
  await expect(tip).toHaveText(name);
});

/** Registrations counted for all providers: active, of the providers one can choose (version 2.0, not AHMC), no test shop. */
function selectableProviders(): { ids: number[]; activeRegistrations: number } {
  return readE2eDatabase((db) => {
    const ids = (db.prepare("select provider_id as id from providers where version = '2.0' and provider_cd <> 'AHMC'").all() as Array<{ id: number }>).map(
      (row) => row.id,
    );
    const { n } = db
      .prepare(
        `select count(*) as n from shop_registrations where is_active = 1 and provider_id in (${ids.join(",")}) and shop_id not in (select repair_facility_id from shops where is_internal = 'Y')`,
      )
      .get() as { n: number };
    return { ids, activeRegistrations: n };
  });
}

test("counts for all providers only the providers one can choose, and its numbers lead to their rows", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const selectable = selectableProviders();
  expect(selectable.ids.length).toBeGreaterThan(3);
  await withSession(page, "power");
  await page.goto("/dashboard/kpi?provider=all");
  await hydrated(page, javaScript);
  const registered = page.getByRole("region", { name: "Registered Shops" }).getByRole("link", { name: /the rows behind Registered Shops$/ });
  await expect(registered).toHaveText(exactCount(selectable.activeRegistrations));

  // Successful Scans opens the Transactions grid of every provider one can choose, each named.
  const successfulHref =
    (await page
      .getByRole("region", { name: "Successful Scans" })
      .getByRole("link", { name: /the rows behind Successful Scans$/ })
      .getAttribute("href")) ?? "";
  expect(
    new URL(successfulHref, "http://portal.test").searchParams
      .getAll("provider")
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([...selectable.ids].sort((a, b) => a - b));

  // Registered Shops opens the Shop List of as many registrations, each row with its provider.
  await registered.click();
  await expect(page).toHaveURL(/\/dashboard\/kpi\/shopList\?status=Transacting&status=Non-Transacting$/);
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(selectable.activeRegistrations);
  await expect(gridTable(page, "Shop List").getByRole("columnheader", { name: "Provider", exact: true })).toBeVisible();
});

test("says 'NO DATA AVAILABLE' for the Average Scan Time of a shop without a successful scan, and 0 Successful Scans", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const months = recentPeriods("MONTH", new Date());
  const since = months[months.length - 1].start;
  const idle = readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select g.shop_id as id from shop_registrations g join shops s on s.repair_facility_id = g.shop_id
           where g.provider_id = ? and g.is_active = 1 and s.is_internal = 'N'
             and not exists (select 1 from scan_requests r where r.provider_id = g.provider_id and r.shop_id = g.shop_id
               and r.status in ('COMPLETED', 'COMPLETED (CCCONE Error)') and r.created_date_time >= ?)
           order by g.shop_id limit 1`,
        )
        .get(DEMO_PROVIDER_ID, since) as { id: number } | undefined,
  );
  if (!idle) throw new Error("no active shop of the demo provider without a successful scan this month");
  await withSession(page, "power");
  await page.goto(`/dashboard/kpi?provider=${DEMO_PROVIDER_ID}&shop=${idle.id}`);
  await hydrated(page, javaScript);
  const average = page.getByRole("region", { name: "Average Scan Time" });
  await expect(average).toContainText("NO DATA AVAILABLE");
  await expect(average).not.toContainText("0 sec");
  await expect(page.getByRole("region", { name: "Successful Scans" }).getByRole("link", { name: /the rows behind Successful Scans$/ })).toHaveText("0");
});

/** The count cards in page order, as they stand in the row at the top of the dashboard. */
const COUNT_CARDS = ["Registered Shops", "Successful Scans", "Failed Scans", "Average Scan Time"];

test("writes the cards' numbers exactly, the scan time as a duration with its minutes in its title, all on one line at 1280 px and readable at 390 px", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const selectable = selectableProviders();
  // More than a thousand registrations: the number the spec's short form would have written "1.26K".
  expect(selectable.activeRegistrations).toBeGreaterThan(999);
  await page.setViewportSize({ width: 1280, height: 800 });
  await withSession(page, "power");
  await page.goto("/dashboard/kpi?provider=all");
  await hydrated(page, javaScript);

  const registered = page.getByRole("region", { name: "Registered Shops" }).getByRole("link", { name: /the rows behind Registered Shops$/ });
  await expect(registered).toHaveText(exactCount(selectable.activeRegistrations));
  await expect(registered).toHaveAccessibleName(`${exactCount(selectable.activeRegistrations)}: the rows behind Registered Shops`);
  await expect(registered).not.toHaveAttribute("title");
  await expect(page.getByRole("region", { name: "Shop List" }).getByRole("link", { name: /^Open the Shop List/ })).toHaveText(
    /^Open the Shop List \(\d{1,3}(,\d{3})* registrations\)$/,
  );

  // Average Scan Time: minutes and seconds a person reads, the spec's minutes (ms / 60000) as its title and in its name.
  const average = page.getByRole("region", { name: "Average Scan Time" }).getByRole("link", { name: /the rows behind Average Scan Time$/ });
  const duration = (await average.textContent()) ?? "";
  const match = /^(\d+) min (\d+) sec$/.exec(duration);
  expect(match, `"${duration}" reads as minutes and seconds`).not.toBeNull();
  const minutes = (await average.getAttribute("title")) ?? "";
  expect(minutes).toMatch(/^\d+\.\d{2} minutes$/);
  expect(Math.abs(parseFloat(minutes) * 60 - (Number(match?.[1]) * 60 + Number(match?.[2])))).toBeLessThan(1);
  expect(parseFloat(minutes), "a scan takes minutes, not days").toBeLessThan(120);
  await expect(average).toHaveAccessibleName(`${duration} (${minutes}): the rows behind Average Scan Time`);

  // At 1280 px each card's title is one line and the four numbers share one line.
  const headings = COUNT_CARDS.map((title) => page.getByRole("heading", { level: 2, name: title, exact: true }));
  const headingHeights = await Promise.all(headings.map(async (heading) => (await heading.boundingBox())?.height ?? Number.NaN));
  expect(Math.max(...headingHeights) - Math.min(...headingHeights), `title heights ${headingHeights.join(", ")}`).toBeLessThan(2);
  const numbers = COUNT_CARDS.map((title) => page.getByRole("region", { name: title }).locator(".dashboard-card-number"));
  const tops = await Promise.all(numbers.map(async (number) => (await number.boundingBox())?.y ?? Number.NaN));
  expect(Math.max(...tops) - Math.min(...tops), `number tops ${tops.join(", ")}`).toBeLessThan(2);

  // At 390 px the cards stack; every number is whole on the screen and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const number of numbers) {
    const box = await number.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
