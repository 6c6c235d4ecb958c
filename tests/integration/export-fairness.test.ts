import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "~/grid/dates";
import { signInAs } from "../support/portal-sign-in";
import { rawDownload, rawGet } from "../support/raw-download";
import { testDialects } from "../support/databases";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * Exports share the server (decision 0019), against the real built server on the default demo
 * data (30,000 scan requests): while a whole-table CSV downloads without gzip, as fast as the
 * client can read it, other requests are answered before its body ends.
 */

const SCALE = "30000";
const ZONE = "UTC";

interface ServerWorld {
  server: RunningServer;
  base: string;
  cookies: Record<"admin" | "power" | "provider", string>;
  cleanup(): Promise<void>;
}

/** A PostgreSQL database of the test's own on TEST_DATABASE_URL's server, dropped by cleanup. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL ?? "";
  const name = `portal_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function startWorld(dialect: "sqlite" | "postgres", env: Record<string, string>): Promise<ServerWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-export-fairness-"));
  const database = dialect === "postgres" ? await postgresDatabase() : undefined;
  const databaseEnv: Record<string, string> = database ? { DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString("hex") } : {};
  const server = await startServer({ DATA_DIR: dataDir, SEED_SCALE: SCALE, ...databaseEnv, ...env }, 240_000);
  const base = server.url.replace("127.0.0.1", "localhost");
  const cookieOf = async (login: string) => `${(await signInAs(base, login)).browser.cookieHeader("/transactions.csv")}; tz=${ZONE}`;
  return {
    server,
    base,
    cookies: { admin: await cookieOf("admin"), power: await cookieOf("power"), provider: await cookieOf("provider") },
    async cleanup() {
      await server.stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDialects)("exports share the server on %s", (dialect) => {
  let world: ServerWorld;
  const wholeTable = () => `${world.base}/transactions.csv?from=2000-01-01&to=${todayIn(ZONE)}`;

  beforeAll(async () => {
    world = await startWorld(dialect, {});
  }, 300_000);

  afterAll(async () => {
    await world?.cleanup();
  });

  it("answers /api/health and a grid page while a whole-table export without gzip is still being read as fast as the client can", async () => {
    const download = rawDownload(wholeTable(), { cookie: world.cookies.admin });
    const response = await download.response;
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    await download.firstChunk;

    const events: string[] = [];
    const ended = download.ended.then((end) => {
      events.push("export ended");
      return end;
    });
    const health = await rawGet(`${world.base}/api/health`);
    events.push("health answered");
    const page = await rawGet(`${world.base}/transactions?from=2000-01-01&to=${todayIn(ZONE)}`, world.cookies.power);
    events.push("grid page answered");

    const end = await ended;
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", db: "ok" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("</html>");
    expect(end.complete).toBe(true);
    // The whole table of the default demo data: megabytes, not a page.
    expect(end.bytes).toBeGreaterThan(2_000_000);
    expect(events).toEqual(["health answered", "grid page answered", "export ended"]);
  });
});
