import { chooseDates, rangeEnd, rangeToday } from "./date-range";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnTexts, expect, gridTable, hydrated, openPanel, settled, totalRows } from "./grid-page";
import { withSession } from "./sign-in";
import { addDays, startOfDayUtc } from "../../app/grid/dates";
import { DASHBOARD_TIME_ZONE } from "../../app/modules/dashboard/periods";
import { STATUSES_OF_GROUP } from "../../app/modules/dashboard/status-groups";
import { scannedDays, scannedPeriodOptions } from "../../app/modules/shop-list/scanned-periods";

/**
 * The dashboard's Shop List with JavaScript off and on (issue 15, decision 0046): under the KPI
 * Dashboard tab, the Status filter and its chip, a text filter, and the CSV of the same query.
 */
const PATH = "/dashboard/kpi/shopList";
const TITLE = "Shop List";
const PROVIDER = 1001;

/** The demo provider's inactive registrations of shops that are not test shops. */
function deregisteredCount(): number {
  return readE2eDatabase(
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from shop_registrations where provider_id = ? and is_active = 0 and shop_id not in (select repair_facility_id from shops where is_internal = 'Y')",
          )
          .get(PROVIDER) as { n: number }
      ).n,
  );
}

test("filters by Status with a chip and by State, and exports the same rows as Registered-Shop-List.csv", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const expected = deregisteredCount();
  expect(expected, "the demo provider has deregistered shops").toBeGreaterThan(0);
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("link", { name: "KPI Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(gridTable(page, TITLE)).toBeVisible();

  const filters = await openPanel(page, javaScript, "Add Filter");
  await filters.getByRole("group", { name: "Status" }).getByLabel("Deregistered").check();
  await filters.getByRole("button", { name: "Apply" }).click();
  await settled(page, /status=Deregistered/, TITLE);
  expect(await totalRows(page)).toBe(expected);
  const statuses = await columnTexts(page, "status", TITLE);
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Deregistered"]));

  const state = (await columnTexts(page, "state", TITLE)).find((text) => /^[A-Z]{2}$/.test(text));
  if (!state) throw new Error("no deregistered shop of the demo provider has a state");
  await page.goto(`${PATH}?provider=${PROVIDER}&status=Deregistered&state=${state.toLowerCase()}`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("link", { name: `Remove filter State: ${state}` })).toBeVisible();
  const states = await columnTexts(page, "state", TITLE);
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set([state]));

  const exportHref = await page.getByRole("link", { name: "Export" }).getAttribute("href");
  expect(exportHref).toBe(`${PATH}.csv?provider=${PROVIDER}&state=${state}&status=Deregistered`);
  const csv = await page.request.get(exportHref ?? "");
  expect(csv.headers()["content-disposition"]).toContain('filename="Registered-Shop-List.csv"');
  const lines = (await csv.text()).trim().split(/\r\n/);
  // A date column names the zone of its values (decision 0070).
  expect(lines[0]).toMatch(/Shop Id,License #,Shop Name,Address,City,State,Zip,Registered \([^)]+\),Status,Provider Status$/);
  expect(lines.length - 1).toBe(await totalRows(page));

  await page.getByRole("link", { name: "Remove filter Status: Deregistered" }).click();
  await settled(page, new RegExp(`provider=${PROVIDER}&state=${state}$`), TITLE);
  expect(await totalRows(page)).toBeGreaterThanOrEqual(states.length);
});

/** The demo provider's registrations (of shops that are not test shops) created from an instant on. */
function createdSince(instant: string): number {
  return readE2eDatabase(
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from shop_registrations where provider_id = ? and created_date_time >= ? and shop_id not in (select repair_facility_id from shops where is_internal = 'Y')",
          )
          .get(PROVIDER, instant) as { n: number }
      ).n,
  );
}

test("lists every date by default and the registrations created in the days its Created range names", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  const everything = await totalRows(page);
  expect(everything).toBeGreaterThan(0);
  const range = page.getByRole("form", { name: "Created" });
  await expect(rangeEnd(page, javaScript, "Created", "from")).toHaveValue("");
  // Registrations of the demo data began up to 1,200 days before its history: a day in the middle splits them.
  const from = new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10);
  // The picker needs both days (it drops half a range): up to today, as the server reads an empty `to`.
  await chooseDates(page, javaScript, "Created", from, javaScript ? await rangeToday(page, true, "Created") : "");
  await range.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=\\d{4}-\\d{2}-\\d{2}&tz=`));
  // The days are the zone's the URL names.
  const zone = new URL(page.url()).searchParams.get("tz") ?? "";
  const since = startOfDayUtc(from, zone).toISOString();
  const expected = createdSince(since);
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(everything);
  // Other tests add and remove registrations meanwhile: the page and the stored count are read
  // again, side by side, until they agree.
  await expect
    .poll(async () => {
      const stored = createdSince(since);
      const shown = await totalRows(page);
      if (shown === stored) return "the same";
      await page.reload();
      await hydrated(page, javaScript);
      return `${shown} shown, ${stored} stored`;
    })
    .toBe("the same");
});

/** The demo provider's shops (not test shops) with a successful scan in a period's days of America/Chicago. */
function shopsScannedIn(from: string, to: string): number {
  const statuses = STATUSES_OF_GROUP.successful;
  return readE2eDatabase(
    (db) =>
      (
        db
          .prepare(
            `select count(distinct shop_id) as n from scan_requests where provider_id = ? and created_date_time >= ? and created_date_time < ?
              and status in (${statuses.map(() => "?").join(",")}) and shop_id not in (select repair_facility_id from shops where is_internal = 'Y')`,
          )
          .get(
            PROVIDER,
            startOfDayUtc(from, DASHBOARD_TIME_ZONE).toISOString(),
            startOfDayUtc(addDays(to, 1), DASHBOARD_TIME_ZONE).toISOString(),
            ...statuses,
          ) as { n: number }
      ).n,
  );
}

test("lists the shops with a successful scan in a period of the dashboard, as its Shop Activity bar counts them", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const [lastMonth] = scannedPeriodOptions().slice(1, 2);
  const { from, to } = scannedDays(lastMonth.value);
  const expected = shopsScannedIn(from, to);
  expect(expected, "the demo provider's shops scanned last month").toBeGreaterThan(0);
  await withSession(page, "power");
  await page.goto(`${PATH}?provider=${PROVIDER}`);
  await hydrated(page, javaScript);
  const filters = await openPanel(page, javaScript, "Add Filter");
  await filters.getByLabel("Successful scan in").selectOption(lastMonth.label);
  await filters.getByRole("button", { name: "Apply" }).click();
  await settled(page, /scanned=/, TITLE);
  await expect(page.getByRole("link", { name: `Remove filter Successful scan in: ${lastMonth.label}` })).toBeVisible();
  await expect.poll(() => totalRows(page)).toBe(expected);
});

test("tells one shop's registrations with several providers apart by a Provider column, by default for every provider and chosen for one", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  // A shop registered (actively) with two providers one can choose: two rows of the every-provider list.
  const shared = readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select g.shop_id as id from shop_registrations g join providers p on p.provider_id = g.provider_id
           where g.is_active = 1 and p.version = '2.0' and p.provider_cd <> 'AHMC'
             and g.shop_id not in (select repair_facility_id from shops where is_internal = 'Y')
           group by g.shop_id having count(distinct g.provider_id) > 1 order by g.shop_id limit 1`,
        )
        .get() as { id: number } | undefined,
  );
  if (!shared) throw new Error("no shop registered with two providers in the demo data");
  await withSession(page, "power");
  await page.goto(`${PATH}?shopId=${shared.id}&status=Transacting&status=Non-Transacting`);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE).getByRole("columnheader", { name: "Provider", exact: true })).toBeVisible();
  const providers = await columnTexts(page, "providerName", TITLE);
  expect(providers.length).toBeGreaterThan(1);
  expect(new Set(providers).size).toBe(providers.length);
  const csv = await page.request.get((await page.getByRole("link", { name: "Export" }).getAttribute("href")) ?? "");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toContain("Shop Id,License #,Shop Name,Provider,Address");
  expect(lines).toHaveLength(providers.length + 1);

  // One provider: the column waits in the chooser.
  await page.goto(`${PATH}?provider=${PROVIDER}&status=Transacting`);
  await hydrated(page, javaScript);
  await expect(gridTable(page, TITLE).getByRole("columnheader", { name: "Provider", exact: true })).toHaveCount(0);
  const columns = await openPanel(page, javaScript, "Columns");
  await columns.getByLabel("Provider", { exact: true }).check();
  await columns.getByRole("button", { name: "Apply" }).click();
  await settled(page, /cols=.*providerName/, TITLE);
  await expect(gridTable(page, TITLE).getByRole("columnheader", { name: "Provider", exact: true })).toBeVisible();
});
