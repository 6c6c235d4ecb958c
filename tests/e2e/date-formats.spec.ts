import type { Page } from "@playwright/test";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { columnCells, expect, gridTable, openGrid, WIDE } from "./grid-page";
import { withSession } from "./sign-in";
import { formatInstant } from "../../app/lib/date-format";

/**
 * One format per kind of date (decision 0070), JavaScript off and on, in the user's zone: a grid's
 * cell, a detail view's stamps and wait, and the Configurations screen, each against the stored
 * instant. The user's browser names a zone no other test uses, so the zone is known.
 */
const ZONE = "Asia/Kolkata";

const TABLE = /^\d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2} [AP]M$/;
const DETAIL = /^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;
const CONFIGURATION = /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

/** A labelled value of a definition list: the <dd> after its <dt>. */
function valueOf(page: Page, label: string) {
  return page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

interface CompletedScan {
  id: number;
  vin: string;
  created: string;
  start: string;
  waitMs: number;
}

/** The newest completed scan with a response, of the window the grid shows. */
function completedScan(): CompletedScan {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select r.scan_request_id as id, r.vin as vin, r.created_date_time as created, d.scan_start_time_stamp as start, d.response_wait_time as waitMs
             from scan_requests r join scan_request_details d on d.scan_request_id = r.scan_request_id
            where r.status = 'COMPLETED' and d.response_wait_time is not null and d.scan_start_time_stamp is not null and r.created_date_time < ?
            order by r.scan_request_id desc limit 1`,
        )
        .get(new Date(Date.now() - 86_400_000).toISOString()) as CompletedScan,
  );
}

test("writes a grid's dates DD-MMM-YY hh:mm A, a detail view's DD-MMM-YYYY hh:mm:ss A, the Configurations screen's MMM DD, YYYY hh:mm:ss A", async ({
  page,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  await withSession(page, "power", "", { browserTimeZone: ZONE });
  const scan = completedScan();

  // A grid cell, to the second in its title.
  await openGrid(page, javaScript, `/transactions?${WIDE}&vin=${scan.vin}`);
  const row = gridTable(page)
    .locator("tbody tr")
    .filter({ has: page.locator('td[data-column="scanRequestId"]', { hasText: new RegExp(`^${scan.id}$`) }) });
  await expect(row).toHaveCount(1);
  const cell = row.locator('td[data-column="createdDateTime"]');
  await expect(cell).toHaveText(formatInstant(scan.created, ZONE, "table"));
  await expect(cell).toHaveText(TABLE);
  await expect(cell.locator("[title]")).toHaveAttribute("title", formatInstant(scan.created, ZONE, "detail"));

  // Its detail view: the stamps to the second, the wait in minutes and seconds (scans take minutes).
  await page.goto(`/transactions/${scan.id}`);
  await expect(valueOf(page, "Scan Start Timestamp")).toHaveText(formatInstant(scan.start, ZONE, "detail"));
  await expect(valueOf(page, "Scan Start Timestamp")).toHaveText(DETAIL);
  const seconds = Math.floor(scan.waitMs / 1000);
  const wait =
    seconds < 3600 ? `${Math.floor(seconds / 60)} min ${seconds % 60} sec` : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  await expect(valueOf(page, "Response Wait Time")).toHaveText(wait);
  expect(scan.waitMs, "a response within hours, not days").toBeLessThan(3 * 3_600_000);

  // The Configurations screen: its own format in the cell, its title and the expanded row.
  const entry = readE2eDatabase(
    (db) =>
      db.prepare("select config_id as id, created_date_time as created, updated_date_time as updated from configurations order by config_id limit 1").get() as {
        id: number;
        created: string;
        updated: string;
      },
  );
  await openGrid(page, javaScript, `/admin/configuration?configId=${entry.id}&expanded=${entry.id}`, "Configurations");
  const updated = columnCells(page, "updatedDateTime", "Configurations").first();
  await expect(updated).toHaveText(formatInstant(entry.updated, ZONE, "configuration"));
  await expect(updated).toHaveText(CONFIGURATION);
  await expect(updated.locator("[title]")).toHaveAttribute("title", formatInstant(entry.updated, ZONE, "configuration"));
  await expect(valueOf(page, "Created Date")).toHaveText(formatInstant(entry.created, ZONE, "configuration"));
});
