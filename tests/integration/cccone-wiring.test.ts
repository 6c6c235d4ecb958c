import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../support/server-process";

/** The built server mounts the CCC ONE sandbox only on the embedded default, and says where the client goes. */

const tempDirs: string[] = [];
const REPORT = "<DiagnosticScanReport><ScanRequestId>5</ScanRequestId><Vin>1FTEW1EP5MFA12345</Vin><CccOneRefId>CCC1-5</CccOneRefId></DiagnosticScanReport>";

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cccone-"));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const SANDBOX_SECRET = "wiring-test-sandbox-secret-0123456789abcdef";

function postReport(url: string, scanRequestId: string, secret: string | null = SANDBOX_SECRET) {
  return fetch(`${url}/sandbox/cccone/diagnostic-reports`, {
    method: "POST",
    headers: { "Content-Type": "application/xml", "X-Scan-Request-Id": scanRequestId, ...(secret ? { "X-CCCONE-Sandbox-Secret": secret } : {}) },
    body: REPORT,
  });
}

describe("the CCC ONE sandbox in the production server", () => {
  it("is mounted at /sandbox/cccone without CCCONE_URL, fails the ids of CCCONE_SANDBOX_FAIL, and the client is pointed at it", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), SEED_SCALE: "50", CCCONE_SANDBOX_FAIL: "\\d*7", CCCONE_SANDBOX_SECRET: SANDBOX_SECRET });
    try {
      expect((await postReport(server.url, "5", null)).status).toBe(401);
      expect((await postReport(server.url, "5", `${SANDBOX_SECRET}-not`)).status).toBe(403);
      const saved = await postReport(server.url, "5");
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("PDF REPORT GENERATED AND SAVED");
      expect((await postReport(server.url, "17")).status).toBe(503);
      expect(server.logs.find((line) => line.msg === "CCC ONE client ready")).toMatchObject({ target: "built-in sandbox", timeoutMs: 60_000 });
      expect(JSON.stringify(server.logs)).not.toContain(SANDBOX_SECRET);
    } finally {
      await server.stop();
    }
  });

  it("is not mounted when CCCONE_URL names the real service, which the client then calls", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), SEED_SCALE: "50", CCCONE_URL: "https://cccone.example.com/api" });
    try {
      const answer = await postReport(server.url, "5");
      expect(answer.status).not.toBe(200);
      expect(await answer.text()).not.toContain("PDF REPORT GENERATED AND SAVED");
      expect(server.logs.find((line) => line.msg === "CCC ONE client ready")).toMatchObject({ target: "https://cccone.example.com" });
    } finally {
      await server.stop();
    }
  });
});
