import fs from "node:fs";
import path from "node:path";
import { readE2eDatabase } from "./e2e-database";
import { expect, test } from "./fixtures";
import { waitForPage, withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

/**
 * The report preview page (where a View button of the Reports and View Results tabs leads without
 * JavaScript): the report in a frame or as an image, its download, the spec's message for a
 * missing file, and the 404 of another provider's report. The tabs themselves and their dialog
 * are tested with the detail view that mounts them.
 */

interface Report {
  id: number;
  scanRequestId: number;
  fileName: string;
  fileType: string;
  storageKey: string | null;
  providerId: number;
}

const UNAVAILABLE = "Unable to Preview/Download Report!!!";

function reports(): Report[] {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select ra.id, ra.scan_request_id as scanRequestId, ra.file_name as fileName, ra.file_type as fileType,
                  ra.storage_key as storageKey, sr.provider_id as providerId
           from report_attachments ra join scan_requests sr on sr.scan_request_id = ra.scan_request_id
           order by ra.id desc`,
        )
        .all() as Report[],
  );
}

function onDisk(report: Report): boolean {
  const dataDir = process.env.E2E_DATA_DIR ?? "";
  return report.storageKey !== null && fs.existsSync(path.join(dataDir, "files", ...report.storageKey.split("/")));
}

function find(predicate: (report: Report) => boolean): Report {
  const found = reports().find(predicate);
  if (!found) throw new Error("no such report in the demo data");
  return found;
}

const previewPath = (report: Report) => `/transactions/${report.scanRequestId}/reports/${report.id}`;

test.describe.configure({ timeout: 60_000 });

test("shows a PDF report in a frame, downloads it under its name, and goes back to the detail view", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const report = find((r) => r.fileType === "pdf" && r.providerId === DEMO_PROVIDER_ID && onDisk(r));
  await withSession(page, "provider");
  const back = `/transactions/services/${report.scanRequestId}?tab=reports`;
  const fileUrl = `/transactions/${report.scanRequestId}/reports/${report.id}/file`;
  const framed = page.waitForResponse((response) => new URL(response.url()).pathname === fileUrl);
  await page.goto(`${previewPath(report)}?back=${encodeURIComponent(back)}`);
  await waitForPage(page, javaScript);
  // The frame loads the file (a frame the browser refused would be a console error, failing the test).
  expect((await framed).status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1, name: report.fileName })).toBeVisible();
  const frame = page.locator(`iframe[title="${report.fileName}"]`);
  await expect(frame).toHaveAttribute("src", fileUrl);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);

  // What makes the link a download is the answer's Content-Disposition: read it with the page's
  // cookies (a browser download event raced the PDF frame's own load under load and timed out).
  const downloadHref = (await page.getByRole("link", { name: "Download" }).getAttribute("href")) ?? "";
  expect(new URL(downloadHref, page.url()).search).toBe("?download=1");
  const answer = await page.request.get(downloadHref);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toContain("attachment");
  expect(answer.headers()["content-disposition"]).toContain(report.fileName);
  expect((await answer.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", back);
});

test("shows an image report as an image", async ({ page }, testInfo) => {
  const report = find((r) => r.fileType === "png" && onDisk(r));
  await withSession(page, "power");
  await page.goto(previewPath(report));
  await waitForPage(page, testInfo.project.name === "js");
  const image = page.getByRole("img", { name: report.fileName });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/transactions/${report.scanRequestId}?tab=reports`);
});

test("says 'Unable to Preview/Download Report!!!' when the file is missing or not ready", async ({ page }, testInfo) => {
  const missing = find((r) => r.storageKey !== null && !onDisk(r));
  const notReady = find((r) => r.storageKey === null);
  await withSession(page, "power");
  for (const report of [missing, notReady]) {
    await page.goto(previewPath(report));
    await waitForPage(page, testInfo.project.name === "js");
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download" })).toHaveCount(0);
  }
});

test("gives a provider-only user the 404 page for another provider's report", async ({ page, browserProblems }) => {
  const report = find((r) => r.providerId !== DEMO_PROVIDER_ID && onDisk(r));
  browserProblems.allowNotFound(previewPath(report));
  await withSession(page, "provider");
  const response = await page.goto(previewPath(report));
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Sorry, nothing here...(404)")).toBeVisible();
});
