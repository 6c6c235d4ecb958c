import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnCells, dataRows, expect, openGrid, rangeText, settled, totalRows } from "./grid-page";
import { withSession } from "./sign-in";
import { exactCount } from "../../app/lib/number-format";

/**
 * The Applications list (/admin/applications) with JavaScript off and on: its tab in the admin
 * area, the default order and columns, paging, the search box, one expanded row with its version
 * history and third-party software, and a provider user's 404 (DIP_PROVIDER never opens admin pages).
 */

const TITLE = "Applications";
const PATH = "/admin/applications";

interface BusyApplication {
  id: string;
  machineName: string;
  versions: number;
  newestVersion: string;
  newestSoftware: string;
}

/** An application with several versions and several third-party programs, by the e2e server's database. */
function busyApplication(offset: number): BusyApplication {
  const row = readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select a.id, a.machine_name as machineName,
             (select count(*) from application_versions v where v.application_id = a.id) as versions,
             (select v.version from application_versions v where v.application_id = a.id order by v.created_date_time desc, v.id desc limit 1) as newestVersion,
             (select s.name from application_third_party_software s where s.application_id = a.id order by s.created_date_time desc, s.id desc limit 1) as newestSoftware
           from applications a
           where (select count(*) from application_versions v where v.application_id = a.id) >= 3
             and (select count(*) from application_third_party_software s where s.application_id = a.id) >= 2
           order by a.id limit 1 offset ?`,
        )
        .get(offset) as BusyApplication | undefined,
  );
  if (!row) throw new Error("The demo data has no application with several versions and programs");
  return row;
}

test("opens from the admin tabs, newest change first, and pages through the list", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power");
  await openGrid(page, javaScript, PATH, TITLE);
  const tabs = page.getByRole("navigation", { name: "Admin screens" });
  await expect(tabs.getByRole("link", { name: TITLE })).toHaveAttribute("aria-current", "page");
  for (const label of ["Id", "Created", "Modified", "Current Version"]) {
    await expect(page.getByRole("columnheader", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("columnheader", { name: "Modified" })).toHaveAttribute("aria-sort", "descending");
  // Dates as the admin tables write them: DD-MMM-YY hh:mm A.
  const modified = await columnCells(page, "lastModifiedDateTime", TITLE).allTextContents();
  expect(modified.length).toBe(20);
  for (const text of modified) expect(text).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2} [AP]M$/);
  const total = await totalRows(page);
  expect(total).toBeGreaterThan(40);
  await expect(rangeText(page)).toHaveText(`1–20 of ${exactCount(total)}`);
  const firstPage = await columnCells(page, "id", TITLE).allTextContents();

  await page.getByRole("link", { name: "Page 2", exact: true }).click();
  await settled(page, /page=2/, TITLE);
  await expect(rangeText(page)).toHaveText(`21–40 of ${exactCount(total)}`);
  await expect(dataRows(page, TITLE)).toHaveCount(20);
  const secondPage = await columnCells(page, "id", TITLE).allTextContents();
  expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);
});

test("searches, and expands a row into its version history and software", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const application = busyApplication(javaScript ? 1 : 0);
  await withSession(page, "power");
  await openGrid(page, javaScript, PATH, TITLE);

  const search = page.getByRole("search", { name: "Search" });
  await search.getByRole("searchbox", { name: "Search" }).fill(application.machineName.toLowerCase());
  await search.getByRole("button", { name: "Search" }).click();
  await settled(page, /search=/, TITLE);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText(`Search: ${application.machineName.toLowerCase()}`);
  const ids = await columnCells(page, "id", TITLE).allTextContents();
  expect(ids).toContain(application.id);

  await page.getByRole("link", { name: `Expand row ${application.id}` }).click();
  await settled(page, new RegExp(`expanded=${application.id}`), TITLE);
  const details = page.getByRole("region", { name: `Details of application ${application.id}` });
  await expect(details).toBeVisible();
  await expect(details.getByText(application.machineName, { exact: true })).toBeVisible();
  const versions = details.getByRole("table", { name: `Versions of application ${application.id}` });
  await expect(versions.locator("tbody tr")).toHaveCount(application.versions);
  await expect(versions.locator("tbody tr").first()).toContainText(`${application.newestVersion} Current`);
  const software = details.getByRole("table", { name: `Third-party software of application ${application.id}` });
  await expect(software.locator("tbody tr").first()).toContainText(`${application.newestSoftware} Current`);
  const row = dataRows(page, TITLE).filter({ hasText: application.id });
  await expect(row.locator('td[data-column="currentVersion"]')).toHaveText(application.newestVersion);

  // The chip takes the search away again.
  await page.getByRole("link", { name: `Remove filter Search: ${application.machineName.toLowerCase()}` }).click();
  await settled(page, /\/admin\/applications(\?(?!.*search=).*)?$/, TITLE);
  await expect(search.getByRole("searchbox", { name: "Search" })).toHaveValue("");
});

test("a provider user gets the 404 page for the list and its export", async ({ page, browserProblems }) => {
  browserProblems.allowNotFound(`${PATH}*`);
  await withSession(page, "provider");
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Sorry, nothing here...(404)")).toBeVisible();
  await expect(page.getByRole("table", { name: TITLE })).toHaveCount(0);
  expect((await page.request.get(`${PATH}.csv`)).status()).toBe(404);
});

interface BulkCandidates {
  search: string;
  ofDirectory: { id: string; userId: string };
  outside: { id: string; userId: string };
}

/**
 * Two applications one search shows on one page of 50: one whose user is an active portal user of
 * the directory (product staff: not a demo account, and not provider staff, whom another test
 * lists by role; none holding a role only changingRoleData gives, so a power user may change them),
 * one whose user is a shop technician outside it.
 */
function bulkCandidates(offset: number): BulkCandidates {
  return readE2eDatabase((db) => {
    const apps = db
      .prepare(
        `select a.id, a.user_id as userId, a.platform, a.machine_name as machineName,
           (select v.version from application_versions v where v.application_id = a.id order by v.created_date_time desc, v.id desc limit 1) as version,
           (select u.status = 'ACTIVE' and u.dloedrprole like '%"DIP_PORTAL"%' and u.dloedrprole not like '%"DIP_PROVIDER"%' and u.dloedrprole not like '%"DIP_ADMIN"%' and u.dloedrprole not like '%"CCC_Admin"%' and u.password_hash is null from users u where u.login = a.user_id) as inDirectory
         from applications a order by a.id`,
      )
      .all() as { id: string; userId: string; platform: string; machineName: string; version: string; inDirectory: number | null }[];
    const versions = [...new Set(apps.map((app) => app.version))].sort();
    const found: BulkCandidates[] = [];
    for (const version of versions) {
      const matching = apps.filter((app) =>
        [app.id, app.userId, app.platform, app.machineName, app.version].some((text) => text?.toLowerCase().includes(version.toLowerCase())),
      );
      const ofDirectory = matching.find((app) => app.inDirectory === 1);
      const outside = matching.find((app) => app.inDirectory === null);
      if (matching.length <= 50 && ofDirectory && outside) found.push({ search: version, ofDirectory, outside });
    }
    const chosen = found[offset];
    if (!chosen) throw new Error("The demo data has no search that shows a directory user's and a technician's application on one page");
    return chosen;
  });
}

test("assigns roles to the users of the selected applications, a technician outside the directory as a FAIL line; power cannot give DIP_ADMIN or CCC_Admin", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const { search, ofDirectory, outside } = bulkCandidates(javaScript ? 1 : 0);
  await withSession(page, "power");
  await openGrid(page, javaScript, `${PATH}?search=${encodeURIComponent(search)}&size=50`, TITLE);
  for (const app of [ofDirectory, outside]) await page.getByRole("checkbox", { name: `Select row ${app.id}` }).check();
  await page.getByRole("button", { name: "Available Actions" }).click();

  const form = page.getByRole("form", { name: "Bulk Role(s) Assignment" });
  await expect(form).toContainText("Selected users (1)");
  await expect(form).toContainText(ofDirectory.userId);
  await expect(form).toContainText(`${outside.userId}: not an active portal user`);
  // Roles only changingRoleData gives are greyed for power (the server refuses them too: escalation.test.ts).
  await expect(form.getByLabel("CCC_Admin")).toBeDisabled();
  await expect(form.getByLabel("DIP_ADMIN")).toBeDisabled();
  await expect(form).toContainText("Greyed roles need permissions you do not hold");
  await form.getByLabel("DIP_POWER").check();
  await form.getByRole("button", { name: "Save" }).click();

  const result = page.getByRole("dialog", { name: "Bulk Role Assignment result" });
  await expect(result).toContainText("SUCCESS: 1, FAIL: 1", { timeout: 15_000 });
  await expect(result).toContainText(`SUCCESS: ${ofDirectory.userId}`);
  await expect(result).toContainText(`FAIL: ${outside.userId} (not an active portal user)`);
  await result.getByRole("link", { name: "OK" }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}\\?search=`));
});
