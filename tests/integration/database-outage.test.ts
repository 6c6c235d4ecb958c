import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/auth/session-cookie.server";
import { SIGN_IN_MESSAGES } from "~/auth/sign-in-messages";
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from "~/components/error-pages";
import { FaultProxy } from "../support/fault-proxy";
import { Browser, location } from "../support/http-browser";
import { health, openPage } from "../support/portal-pages";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * The database taken away under the running production server, and given back: the health check
 * and the pages (and the built-in identity provider's sign-in) say so with 503 (never a 500, never
 * a stack), the signed-in session survives, and
 * the server recovers by itself. PostgreSQL is reached through a proxy the test controls; the
 * embedded SQLite file is locked by another process for longer than the busy timeout.
 */

const SEED_SCALE = "200";
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-outage-"));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The 503 page: the portal's own words, no internals, and the session cookie left alone. */
async function expectUnavailablePage(browser: Browser, base: string, pagePath: string): Promise<void> {
  const page = await openPage(browser, base, pagePath);
  expect(page.status, pagePath).toBe(503);
  expect(page.html).toContain(SERVICE_UNAVAILABLE_TITLE);
  expect(page.html).toContain(SERVICE_UNAVAILABLE_MESSAGE);
  expect(page.html).toContain("<title>Diagnostics Operations Portal | Service unavailable</title>");
  expect(page.html).not.toMatch(/Unexpected Server Error|Internal Server Error|\n\s+at /);
  expect(page.setCookies.filter((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
}

async function expectPagesAnswer(browser: Browser, base: string, paths: string[]): Promise<void> {
  for (const pagePath of paths) {
    const page = await openPage(browser, base, pagePath);
    expect(page.status, pagePath).toBe(200);
    expect(page.html).not.toContain(SERVICE_UNAVAILABLE_TITLE);
  }
}

const PAGES = ["/home", "/transactions"];
/** Each test starts the server and loads demo data itself: ~10 s on an idle machine, far more on a busy shared one. */
const SERVER_TEST_TIMEOUT_MS = 300_000;

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL taken away under the running server", () => {
  it(
    "answers 503 (health and pages) while it is away, keeps the session, and recovers by itself",
    async () => {
      const admin = new URL(adminUrl ?? "");
      const databaseName = `portal_outage_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      const adminClient = async (query: string) => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(query);
        } finally {
          await client.end();
        }
      };
      await adminClient(`create database ${databaseName}`);
      const proxy = await FaultProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
      const viaProxy = new URL(admin);
      viaProxy.host = proxy.address;
      viaProxy.pathname = `/${databaseName}`;
      let server: RunningServer | undefined;
      try {
        server = await startServer(
          { DATA_DIR: tempDir(), SEED_SCALE, DATABASE_URL: viaProxy.toString(), SESSION_SECRET: "o".repeat(40) },
          SERVER_TEST_TIMEOUT_MS,
        );
        const base = server.url.replace("127.0.0.1", "localhost");
        const { browser } = await signInAs(base, "power");
        await expectPagesAnswer(browser, base, PAGES);
        expect(await health(base)).toMatchObject({ status: 200, body: { db: "ok" } });

        await proxy.refuse();
        expect(await health(base)).toEqual({ status: 503, body: { status: "error", db: "down", version: expect.any(String) } });
        for (const pagePath of PAGES) await expectUnavailablePage(browser, base, pagePath);
        // With JavaScript a navigation fetches the page's data alone: the same 503.
        expect((await browser.get(`${base}/home.data`)).status).toBe(503);
        expect(server.logs.some((line) => line.level === "warn" && line.msg === "The database does not answer: 503")).toBe(true);
        // Signing in needs it too: the built-in identity provider keeps its state there.
        const visitor = new Browser();
        const pressed = await visitor.post(`${base}/login`, { returnTo: "" });
        const provider = await visitor.get(location(pressed, base).href);
        expect(provider.status).toBe(503);
        expect(await provider.text()).toContain(SIGN_IN_MESSAGES.unavailable);

        await proxy.forward();
        await expect.poll(async () => (await health(base)).status, { timeout: 10_000 }).toBe(200);
        await expectPagesAnswer(browser, base, PAGES);
        expect(server.logs.filter((line) => line.level === "error")).toEqual([]);
      } finally {
        await proxy.forward();
        const exit = await server?.stop();
        await proxy.close();
        await adminClient(`drop database if exists ${databaseName} with (force)`);
        if (exit) expect(exit.code, exit.stderr).toBe(0);
      }
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});

describe("SQLite locked by another process under the running server", () => {
  it(
    "goes on reading, answers a write that waited out the busy timeout with 503 and nothing saved, and saves once the lock is gone",
    async () => {
      const dataDir = tempDir();
      const server = await startServer({ DATA_DIR: dataDir, SEED_SCALE }, SERVER_TEST_TIMEOUT_MS);
      const other = new SQLite(path.join(dataDir, "portal.sqlite"));
      try {
        const base = server.url.replace("127.0.0.1", "localhost");
        const { browser } = await signInAs(base, "power");
        const topics = JSON.parse(
          (other.prepare("select config_value as value from configurations where config_key = 'UI_FEEDBACK_TOPICS'").get() as { value: string }).value,
        ) as Array<{ code: string }>;
        expect(topics.length).toBeGreaterThan(0);
        const feedbackRows = () => (other.prepare("select count(*) as n from error_records where error_category = 'FEEDBACK'").get() as { n: number }).n;
        const before = feedbackRows();
        const form = { topic: topics[0].code, message: "Written while another process held the database." };

        // Another process (a backup, an operator's shell) holds the write lock.
        other.exec("begin immediate");
        expect(await health(base)).toMatchObject({ status: 200, body: { db: "ok" } });
        await expectPagesAnswer(browser, base, ["/home"]);
        const refused = await browser.post(`${base}/feedback`, form);
        expect(refused.status).toBe(503);
        const html = await refused.text();
        expect(html).toContain(SERVICE_UNAVAILABLE_MESSAGE);
        expect(html).not.toMatch(/Unexpected Server Error|\n\s+at /);
        other.exec("rollback");
        expect(feedbackRows()).toBe(before);

        const saved = await browser.post(`${base}/feedback`, form);
        expect(saved.status).toBe(302);
        expect(saved.headers.get("location")).toBe("/feedback");
        expect(feedbackRows()).toBe(before + 1);
        expect(server.logs.filter((line) => line.level === "error")).toEqual([]);
      } finally {
        if (other.inTransaction) other.exec("rollback");
        other.close();
        const exit = await server.stop();
        expect(exit.code, exit.stderr).toBe(0);
      }
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
