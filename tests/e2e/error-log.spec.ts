import path from "node:path";
import type { Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { test } from "./fixtures";
import { columnTexts, daysAgo, expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * Feedbacks/Errors (issue 14) with JavaScript off and on: the filter chip, a record expanded, and
 * its files: a picture, a log as text, and a file that can only be downloaded (a row of the
 * test's own pointing at an existing file).
 */
test.describe.configure({ timeout: 90_000 });

const TITLE = "Feedbacks/Errors";
const RANGE = `from=${daysAgo(365)}&to=${daysAgo(0)}`;

interface RecordWithFiles {
  errorId: number;
  image: string;
  log: string;
  download: string;
}

/** A recent record with a screenshot and a log, given a download-only file of its own. */
function recordWithFiles(): RecordWithFiles {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    const row = db
      .prepare(
        `select e.error_id as errorId, img.file_name as image, log.file_name as log, log.storage_key as logKey
         from error_records e join error_files img on img.error_id = e.error_id and img.file_name like '%.png'
         join error_files log on log.error_id = e.error_id and log.file_name like '%.log'
         where e.created_date >= ? order by e.created_date desc limit 1`,
      )
      .get(`${daysAgo(365)}T00:00:00.000Z`) as { errorId: number; image: string; log: string; logKey: string } | undefined;
    if (!row) throw new Error("The e2e data has no recent record with a screenshot and a log");
    const download = `capture-${Date.now()}-${Math.floor(Math.random() * 1e6)}.bin`;
    db.prepare("insert into error_files (error_id, file_name, content_type, storage_key) values (?, ?, 'application/octet-stream', ?)").run(
      row.errorId,
      download,
      row.logKey,
    );
    return { errorId: row.errorId, image: row.image, log: row.log, download };
  } finally {
    db.close();
  }
}

/** The opened file: a dialog with JavaScript, a card in the expanded row without. */
function opened(page: Page, javaScript: boolean, fileName: string) {
  return javaScript ? page.getByRole("dialog", { name: fileName }) : page.getByRole("region", { name: `File ${fileName}` });
}

test("filters with a chip, expands a record and opens its picture, its log and a download-only file", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const record = recordWithFiles();
  await withSession(page, "admin");

  await page.goto(`/admin/feedbackError?${RANGE}&errorType=ERROR`);
  await hydrated(page, javaScript);
  await expect(page.getByRole("list", { name: "Applied filters" })).toContainText("Error Type: ERROR");
  const types = await columnTexts(page, "errorType", TITLE);
  expect(types.length).toBeGreaterThan(0);
  for (const type of types) expect(type).toBe("ERROR");

  await page.goto(`/admin/feedbackError?${RANGE}&errorId=${record.errorId}&expanded=${record.errorId}`);
  await hydrated(page, javaScript);
  const details = page.getByRole("region", { name: `Details of error ${record.errorId}` });
  await expect(details.getByText("Error Origin")).toBeVisible();

  // A short window, so the file's box is well below the top of the page.
  await page.setViewportSize({ width: 1280, height: 500 });
  await details.getByRole("link", { name: `Open ${record.image}` }).click();
  const picture = opened(page, javaScript, record.image);
  await expect(picture.getByRole("img", { name: record.image })).toBeVisible();
  // Without JavaScript the page is loaded again: it lands on the file, not at its top.
  await expect(picture).toBeInViewport();
  await picture.getByRole("link", { name: "OK" }).click();
  await expect(opened(page, javaScript, record.image)).toHaveCount(0);

  await page
    .getByRole("region", { name: `Details of error ${record.errorId}` })
    .getByRole("link", { name: `Open ${record.log}` })
    .click();
  const log = opened(page, javaScript, record.log);
  await expect(log.locator("pre")).toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  await log.getByRole("link", { name: "OK" }).click();

  await page
    .getByRole("region", { name: `Details of error ${record.errorId}` })
    .getByRole("link", { name: `Open ${record.download}` })
    .click();
  const download = opened(page, javaScript, record.download);
  await expect(download).toContainText("This file cannot be shown here.");
  const href = await download.getByRole("link", { name: "Download" }).getAttribute("href");
  expect(href).toMatch(/\?download=1$/);
  const served = await page.request.get(href ?? "");
  expect(served.headers()["content-disposition"]).toMatch(/^attachment; filename="capture-/);
  expect(served.headers()["content-type"]).toBe("application/octet-stream");
});
