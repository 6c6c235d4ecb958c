import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "../support/http-browser";
import { location } from "../support/http-browser";
import { singleResendToken } from "../support/issued-resend-token";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";
import { resendableRows as serverResendableRows } from "../support/server-resend-rows";

/**
 * The single resend through the real built server, over HTTP, with its built-in CCC ONE sandbox
 * failing the ids that end in 7 (CCCONE_SANDBOX_FAIL): a form without JavaScript (redirect back,
 * the pop-up on the next page), the button's fetcher (the .data request), GET, and a repeated form.
 */

let server: RunningServer;
let base: string;
let dataDir: string;
let power: Browser;

function sqlite(): SQLite.Database {
  return new SQLite(path.join(dataDir, "portal.sqlite"));
}

/** The rows the rules allow to resend, read from the server's database with the same pure rules. */
const resendableRows = () => serverResendableRows(path.join(dataDir, "portal.sqlite"));

function auditRows(id: number): number {
  const db = sqlite();
  try {
    return (db.prepare("select count(*) as n from audit_log where entity = 'scan_requests' and entity_id = ?").get(String(id)) as { n: number }).n;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-single-resend-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_SCALE: "200", CCCONE_SANDBOX_FAIL: "\\d*7" });
  base = server.url.replace("127.0.0.1", "localhost");
  power = (await signInAs(base, "power")).browser;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("single resend over HTTP", () => {
  it("without JavaScript: POST, a redirect back to the detail view's path, and the pop-up there", async () => {
    const row = resendableRows().find((candidate) => candidate.results && candidate.id % 10 !== 7);
    if (!row) throw new Error("no row");
    const back = "/transactions?page=1";
    const posted = await power.post(`${base}/transactions/${row.id}/resend`, {
      kind: "results",
      token: await singleResendToken(power, base, row.id, "results"),
      back,
    });
    expect(posted.status).toBe(302);
    expect(`${location(posted, base).pathname}${location(posted, base).search}`).toBe(back);
    // The grid may first redirect to its canonical URL; the pop-up shows on the page that renders.
    let response = await power.get(`${base}${back}`);
    for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops += 1) response = await power.get(location(response, base).href);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Scan Result Posted Successfully");
    expect(page).toContain(">Success<");
    expect(auditRows(row.id)).toBe(1);
  });

  it("with JavaScript: the fetcher's POST gets the outcome as data, here CCC ONE's failure", async () => {
    const row = resendableRows().find((candidate) => candidate.invoice && candidate.id % 10 === 7);
    if (!row) throw new Error("no row");
    const answer = await power.post(`${base}/transactions/${row.id}/resend.data`, {
      kind: "invoice",
      token: await singleResendToken(power, base, row.id, "invoice"),
      back: `/transactions/${row.id}`,
      respond: "dialog",
    });
    expect(answer.status).toBe(200);
    const body = await answer.text();
    expect(body).toContain("Failed to Resend Invoice");
    expect(body).toContain("HTTP 503");
    expect(auditRows(row.id)).toBe(1);
  });

  it("sends a repeated form once, and GET changes nothing", async () => {
    const row = resendableRows().find((candidate) => candidate.results && candidate.id % 10 !== 7 && auditRows(candidate.id) === 0);
    if (!row) throw new Error("no row");
    const token = await singleResendToken(power, base, row.id, "results");
    expect((await power.get(`${base}/transactions/${row.id}/resend?kind=results&token=${token}`)).status).toBe(405);
    expect(auditRows(row.id)).toBe(0);
    const form = { kind: "results", token, back: `/transactions/${row.id}` };
    const [first, second] = await Promise.all([
      power.post(`${base}/transactions/${row.id}/resend`, form),
      power.post(`${base}/transactions/${row.id}/resend`, form),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(auditRows(row.id)).toBe(1);
  });

  it("answers an unknown id with the 404 page", async () => {
    const row = resendableRows().find((candidate) => candidate.results);
    if (!row) throw new Error("no row");
    const token = await singleResendToken(power, base, row.id, "results");
    expect((await power.post(`${base}/transactions/99999999/resend`, { kind: "results", token })).status).toBe(404);
    expect((await power.post(`${base}/transactions/abc/resend`, { kind: "results", token })).status).toBe(404);
  });

  it("refuses a token the server did not issue, sending nothing", async () => {
    const row = resendableRows().find((candidate) => candidate.results && candidate.id % 10 !== 7 && auditRows(candidate.id) === 0);
    if (!row) throw new Error("no row");
    const forged = "A".repeat(43);
    const answer = await power.post(`${base}/transactions/${row.id}/resend.data`, {
      kind: "results",
      token: forged,
      back: `/transactions/${row.id}`,
      respond: "dialog",
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("This form has expired. Please reload the page and try again.");
    expect(auditRows(row.id)).toBe(0);
  });
});
