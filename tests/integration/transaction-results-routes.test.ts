import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import { connectDatabase, type PortalDatabase } from "~/db/connect.server";
import { Browser } from "../support/http-browser";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * The report file, report preview and special-function info routes of the built server, on a
 * seeded SQLite database and, with TEST_DATABASE_URL, on PostgreSQL: content types, nosniff,
 * server-chosen names, and the same 404 for an unknown report and for another provider's.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const targets: Array<"sqlite" | "postgres"> = adminUrl ? ["sqlite", "postgres"] : ["sqlite"];
const UNAVAILABLE = "Unable to Preview/Download Report!!!";

interface ReportFixture {
  id: number;
  scanRequestId: number;
  fileName: string;
  fileType: string;
  storageKey: string | null;
  providerId: number;
}

describe.each(targets)("transaction results routes on %s", (target) => {
  let server: RunningServer;
  let base: string;
  let dataDir: string;
  let database: PortalDatabase;
  let dropDatabase = async () => undefined as void;
  const browsers = {} as Record<"admin" | "provider", Browser>;
  let reports: ReportFixture[];

  const onDisk = (report: ReportFixture) => report.storageKey !== null && fs.existsSync(path.join(dataDir, "files", ...report.storageKey.split("/")));
  const ready = (type: string, providerId?: number) => {
    const found = reports.find((r) => r.fileType === type && onDisk(r) && (providerId === undefined ? true : r.providerId === providerId));
    if (!found) throw new Error(`no ready ${type} report in the demo data`);
    return found;
  };
  const fileUrl = (report: ReportFixture, query = "") => `${base}/transactions/${report.scanRequestId}/reports/${report.id}/file${query}`;
  const previewUrl = (report: ReportFixture) => `${base}/transactions/${report.scanRequestId}/reports/${report.id}`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-results-"));
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_SCALE: "200" };
    if (target === "postgres") {
      const name = `portal_results_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl ?? "");
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      env.SESSION_SECRET = "r".repeat(40);
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
    server = await startServer(env);
    base = server.url.replace("127.0.0.1", "localhost");
    database = await connectDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, sqliteFile: "", poolSize: 2 } : { sqliteFile: path.join(dataDir, "portal.sqlite") },
    );
    reports = await database.db
      .selectFrom("reportAttachments as ra")
      .innerJoin("scanRequests as sr", "sr.scanRequestId", "ra.scanRequestId")
      .select(["ra.id", "ra.scanRequestId", "ra.fileName", "ra.fileType", "ra.storageKey", "sr.providerId"])
      .orderBy("ra.id")
      .execute();
    browsers.admin = (await signInAs(base, "admin")).browser;
    browsers.provider = (await signInAs(base, "provider")).browser;
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves a PDF report inline, framable only by the portal, with nosniff and the server's file name", async () => {
    const report = ready("pdf");
    const response = await browsers.admin.get(fileUrl(report));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${report.fileName}"`);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("content-security-policy")).not.toContain("frame-ancestors 'none'");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.equals(fs.readFileSync(path.join(dataDir, "files", ...(report.storageKey ?? "").split("/"))))).toBe(true);
  });

  it("serves it as an attachment with ?download=1, and a PNG report as image/png", async () => {
    const pdf = ready("pdf");
    const download = await browsers.admin.get(fileUrl(pdf, "?download=1"));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${pdf.fileName}"`);
    expect(download.headers.get("content-type")).toBe("application/pdf");

    const png = ready("png");
    const image = await browsers.admin.get(fileUrl(png));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toBe(`inline; filename="${png.fileName}"`);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
  });

  it("keeps the portal's own pages unframable", async () => {
    const page = await browsers.admin.get(previewUrl(ready("pdf")));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("answers the same 404 for an unknown report, a report of another request, bad ids, and another provider's report", async () => {
    const own = ready("pdf", DEMO_PROVIDER_ID);
    const foreign = ready("pdf", reports.find((r) => r.providerId !== DEMO_PROVIDER_ID && onDisk(r))?.providerId);
    const unknown = await browsers.provider.get(`${base}/transactions/${own.scanRequestId}/reports/99999999/file`);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();

    const otherProvider = await browsers.provider.get(fileUrl(foreign));
    expect(otherProvider.status).toBe(404);
    expect(await otherProvider.text()).toBe(unknownBody);
    expect(otherProvider.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    const otherPreview = await browsers.provider.get(previewUrl(foreign));
    expect(otherPreview.status).toBe(404);
    expect(await otherPreview.text()).toContain("Sorry, nothing here...(404)");
    // Their own provider's report, and the other provider's for a user who sees every provider.
    expect((await browsers.provider.get(fileUrl(own))).status).toBe(200);
    expect((await browsers.admin.get(fileUrl(foreign))).status).toBe(200);

    const elsewhere = reports.find((r) => r.scanRequestId !== own.scanRequestId) as ReportFixture;
    for (const url of [
      `${base}/transactions/${own.scanRequestId}/reports/${elsewhere.id}/file`,
      `${base}/transactions/abc/reports/${own.id}/file`,
      `${base}/transactions/${own.scanRequestId}/reports/1e3/file`,
      `${base}/transactions/${own.scanRequestId}/reports/99999999999999999999/file`,
    ]) {
      const response = await browsers.admin.get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe(unknownBody);
    }
  });

  it("says 'Unable to Preview/Download Report!!!' for a missing file or one not ready, and the file route answers 404", async () => {
    const missing = reports.find((r) => r.storageKey !== null && !onDisk(r));
    const notReady = reports.find((r) => r.storageKey === null);
    expect(missing).toBeDefined();
    expect(notReady).toBeDefined();
    for (const report of [missing, notReady] as ReportFixture[]) {
      const page = await browsers.admin.get(previewUrl(report));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(UNAVAILABLE);
      expect(html).not.toContain("<iframe");
      const file = await browsers.admin.get(fileUrl(report));
      expect(file.status).toBe(404);
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await file.text()).toBe(UNAVAILABLE);
    }
  });

  it("renders the preview page with the report in a frame or as an image, its Download link and Back", async () => {
    const pdf = ready("pdf");
    const html = await (
      await browsers.admin.get(`${previewUrl(pdf)}?back=${encodeURIComponent(`/transactions/services/${pdf.scanRequestId}?tab=reports`)}`)
    ).text();
    expect(html).toContain(`<iframe src="/transactions/${pdf.scanRequestId}/reports/${pdf.id}/file"`);
    expect(html).toContain(`href="/transactions/${pdf.scanRequestId}/reports/${pdf.id}/file?download=1"`);
    expect(html).toContain(`href="/transactions/services/${pdf.scanRequestId}?tab=reports"`);
    expect(html).not.toContain(UNAVAILABLE);

    const png = ready("png");
    const image = await (await browsers.admin.get(`${previewUrl(png)}?back=https://evil.example/`)).text();
    expect(image).toMatch(new RegExp(`<img[^>]+src="/transactions/${png.scanRequestId}/reports/${png.id}/file"`));
    expect(image).toContain(`href="/transactions/${png.scanRequestId}?tab=reports"`);
    expect(image).not.toContain("evil.example");
  });

  it("answers a special function's info as JSON, or the spec's message when none is published", async () => {
    const own = ready("pdf", DEMO_PROVIDER_ID);
    const info = await browsers.provider.get(`${base}/transactions/${own.scanRequestId}/special-functions/SF-1001`);
    expect(info.status).toBe(200);
    expect(info.headers.get("content-type")).toContain("application/json");
    expect(await info.json()).toEqual({
      scriptNumber: "SF-1001",
      info: {
        title: "Steering Angle Sensor (SAS) Calibration",
        description: "Teaches the stability control system the steering wheel's straight-ahead position.",
        precondition: "Wheels straight, vehicle on a level surface, engine running, no SAS-related DTCs.",
        failureReasons: "Steering wheel moved during calibration; wheel alignment out of specification; low battery voltage.",
      },
      message: null,
    });
    // The panel's fetcher asks the same loader through Remix's single fetch (.data).
    const route = encodeURIComponent("routes/transactions.$id.special-functions.$scriptNumber");
    const viaFetcher = await browsers.provider.get(`${base}/transactions/${own.scanRequestId}/special-functions/SF-1010.data?_route=${route}`);
    expect(viaFetcher.status).toBe(200);
    expect(await viaFetcher.text()).toContain("Additional info is not available for this function.");
    for (const scriptNumber of ["SF-1010", "NO-SUCH-FUNCTION"]) {
      const none = await browsers.provider.get(`${base}/transactions/${own.scanRequestId}/special-functions/${scriptNumber}`);
      expect(none.status).toBe(200);
      expect(await none.json()).toEqual({ scriptNumber, info: null, message: "Additional info is not available for this function." });
    }
  });

  it("gives the info route's 404 for another provider's request, an unknown one and a malformed script number", async () => {
    const foreign = reports.find((r) => r.providerId !== DEMO_PROVIDER_ID) as ReportFixture;
    const unknown = await browsers.provider.get(`${base}/transactions/99999999/special-functions/SF-1001`);
    expect(unknown.status).toBe(404);
    const other = await browsers.provider.get(`${base}/transactions/${foreign.scanRequestId}/special-functions/SF-1001`);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(await unknown.text());
    expect((await browsers.admin.get(`${base}/transactions/${foreign.scanRequestId}/special-functions/SF-1001`)).status).toBe(200);
    expect((await browsers.admin.get(`${base}/transactions/${foreign.scanRequestId}/special-functions/%2E%2E%2Fsecrets`)).status).toBe(404);
  });
});
