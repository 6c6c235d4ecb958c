import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleResendToken } from "../support/issued-resend-token";
import { signInAs, signInUpToCallback } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";
import { resendableRows } from "../support/server-resend-rows";

/**
 * GET /metrics of the production server (issue 17, decision 0055): refused without its token, and
 * after a resend, an export and a failed sign-in their series have moved; no label carries a
 * value from a request.
 */
const TOKEN = "metrics-test-token-0123456789";
let server: RunningServer;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-metrics-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_SCALE: "200", METRICS_TOKEN: TOKEN });
  base = server.url.replace("127.0.0.1", "localhost");
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return response.text();
}

/** The value of one series (the sum over series matching the labels given), 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/** Every label value of the scrape but histograms' bucket bounds (`le`). */
function labelValues(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .flatMap((line) => [...line.matchAll(/(\w+)="([^"]*)"/g)].filter((pair) => pair[1] !== "le").map((pair) => pair[2]));
}

describe("GET /metrics", () => {
  it("refuses a request without the token, or with another, with 401", async () => {
    const without = await fetch(`${base}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await without.text()).not.toContain("portal_");
    expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("counts a failed sign-in, an export and a resend, each in its own series, with labels the code names", async () => {
    const before = await scrape();

    await expect(signInUpToCallback(base, "power", "not-the-password")).rejects.toThrow();
    const { browser: power } = await signInAs(base, "power");
    const secret = `/transactions.csv?vin=SECRET${Date.now()}&from=2020-01-01`;
    const exported = await power.get(`${base}${secret}`);
    expect(exported.status).toBe(200);
    const csvBytes = (await exported.arrayBuffer()).byteLength;
    const row = resendableRows(path.join(dataDir, "portal.sqlite")).find((candidate) => candidate.results && candidate.id % 10 !== 7);
    if (!row) throw new Error("no row to resend");
    const resend = await power.post(`${base}/transactions/${row.id}/resend`, {
      kind: "results",
      token: await singleResendToken(power, base, row.id, "results"),
      back: "/transactions",
    });
    expect(resend.status).toBe(302);

    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(grew("portal_sign_ins_total", { outcome: "failed" })).toBe(1);
    expect(grew("portal_sign_ins_total", { outcome: "success" })).toBe(1);
    expect(grew("portal_csv_exports_started_total", { grid: "transactions" })).toBe(1);
    expect(grew("portal_csv_export_bytes_total", { grid: "transactions" })).toBe(csvBytes);
    expect(grew("portal_csv_export_duration_seconds_count", { grid: "transactions", outcome: "complete" })).toBe(1);
    expect(grew("portal_cccone_resends_total", { kind: "results", outcome: "success" })).toBe(1);
    expect(grew("portal_http_requests_total", { route: "routes/transactions[.]csv", method: "GET", status_class: "2xx" })).toBe(1);
    expect(grew("portal_http_request_duration_seconds_count", { route: "routes/transactions[.]csv", method: "GET" })).toBe(1);
    expect(valueOf(after, "portal_active_sessions")).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "portal_db_query_duration_seconds_count", { dialect: "sqlite" })).toBeGreaterThan(0);
    expect(valueOf(after, "portal_nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(after).toContain("portal_process_cpu_seconds_total");
    expect(after).toContain("portal_nodejs_heap_size_used_bytes");

    // Labels name routes, methods, classes, grids and outcomes: nothing of the request itself.
    const values = labelValues(after);
    expect(values.length).toBeGreaterThan(20);
    for (const value of values) {
      expect(value).not.toContain("SECRET");
      expect(value).not.toContain(String(row.id));
      expect(value).not.toMatch(/^\/|power|localhost|\?/);
    }
    const routes = new Set(values.filter((value) => value.startsWith("routes/") || ["static", "oidc", "sandbox", "metrics", "unmatched"].includes(value)));
    expect(routes.has("oidc")).toBe(true);
  });

  it("passes Prometheus's own linter: promtool check metrics finds nothing to say", async () => {
    const text = await scrape();
    expect(text).toContain("portal_http_requests_total");
    // promtool is Debian's prometheus package; .ci/run installs it as it installs Chromium.
    const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(check.error, "promtool is not installed (apt-get install prometheus)").toBeUndefined();
    expect(`${check.stdout}${check.stderr}`.trim()).toBe("");
    expect(check.status).toBe(0);
  });

  it("carries the database and render time of a page in Server-Timing", async () => {
    const { browser: power } = await signInAs(base, "power");
    const page = await power.get(`${base}/home`);
    expect(page.status).toBe(200);
    expect(page.headers.get("server-timing")).toMatch(/^db;dur=\d+\.\d;desc="Database", render;dur=\d+\.\d;desc="Render"$/);
  });
});
