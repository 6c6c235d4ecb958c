import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInPageOf } from "../support/portal-sign-in";
import { runUntilExit, startServer, type ServerExit } from "../support/server-process";

/**
 * The compiled production server as a child process: start-up, the demo data on first start
 * only, one-line failures with exit code 1, and graceful shutdown.
 */

const SEED_SCALE = "200";
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-server-"));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tableCounts(sqliteFile: string): Record<string, number> {
  const db = new SQLite(sqliteFile, { readonly: true });
  try {
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: count("users"), providers: count("providers"), scanRequests: count("scan_requests") };
  } finally {
    db.close();
  }
}

function expectOneLineFailure(exit: ServerExit, mentions: string) {
  expect(exit.code).toBe(1);
  const lines = exit.stderr.trimEnd().split("\n");
  expect(lines, exit.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start the portal: /);
  expect(lines[0]).toContain(mentions);
  expect(exit.stderr).not.toMatch(/^\s+at /m);
}

function expectCleanStop(exit: ServerExit) {
  expect(exit.code, exit.stderr).toBe(0);
  expect(exit.stderr).toBe("");
  expect(exit.stdout).toContain('"msg":"Stopped"');
}

describe("the production server", () => {
  it("answers /api/health, loads demo data on the first start only, and stops cleanly on SIGTERM", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, SEED_SCALE };

    const first = await startServer(env);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ status: "ok", db: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(first.logs.some((line) => line.msg === "Demo data loaded")).toBe(true);
    const accounts = first.logs.filter((line) => line.msg.startsWith("Demo account: "));
    expect(accounts.map((line) => line.msg.split(" ")[2])).toEqual(["admin", "power", "provider", "portal"]);
    for (const line of accounts) expect(line.msg).toMatch(/, password: demo-portal$/);
    // The address to open is the public origin sign-in belongs to; the other loopback name leads there.
    const { port } = new URL(first.url);
    expect(first.logs.find((line) => line.msg.startsWith("Listening on"))).toMatchObject({ url: first.url, open: `http://localhost:${port}` });
    // /login opens the built-in provider's form at once, which names the demo accounts and their default password.
    const signInPage = await signInPageOf(`http://localhost:${port}`);
    expect(signInPage.url.pathname).toMatch(/^\/oidc\/interaction\//);
    expect(signInPage.html).toContain(
      "Demo accounts: <code>admin</code>, <code>power</code>, <code>provider</code>, <code>portal</code>. Password: <code>demo-portal</code>",
    );
    const aliased = await fetch(`${first.url}/transactions?vin=1FT`, { redirect: "manual" });
    expect(aliased.status).toBe(302);
    expect(aliased.headers.get("location")).toBe(`http://localhost:${port}/transactions?vin=1FT`);
    expectCleanStop(await first.stop("SIGTERM"));

    const seeded = tableCounts(path.join(dataDir, "portal.sqlite"));
    expect(seeded.scanRequests).toBeGreaterThan(0);
    expect(seeded.users).toBeGreaterThan(0);
    const secret = fs.readFileSync(path.join(dataDir, "secrets", "session-secret"), "utf8");

    const second = await startServer(env);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(second.logs.some((line) => line.msg === "Demo data loaded")).toBe(false);
    expect(second.logs.some((line) => line.msg === "The database already holds data: demo data not loaded")).toBe(true);
    expectCleanStop(await second.stop("SIGINT"));

    expect(tableCounts(path.join(dataDir, "portal.sqlite"))).toEqual(seeded);
    expect(fs.readFileSync(path.join(dataDir, "secrets", "session-secret"), "utf8")).toBe(secret);
  });

  it("writes one access log line per request with the request id and without the query string; no secrets", async () => {
    const dataDir = tempDir();
    const server = await startServer({ DATA_DIR: dataDir, SEED_SCALE, DEMO_PASSWORD: "not-the-default-pw" });
    try {
      const response = await fetch(`${server.url}/api/health?token=abc123secret`, { headers: { "X-Request-Id": "access-log-test-1" } });
      expect(response.headers.get("x-request-id")).toBe("access-log-test-1");
      await expect.poll(() => server.logs.filter((line) => line.msg === "request")).toHaveLength(1);
      const [line] = server.logs.filter((entry) => entry.msg === "request");
      expect(line).toMatchObject({ requestId: "access-log-test-1", method: "GET", path: "/api/health", status: 200 });
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(line.bytes).toBeGreaterThan(0);
      expect(JSON.stringify(server.logs)).not.toContain("abc123secret");
      expect(JSON.stringify(server.logs)).not.toContain("not-the-default-pw");
      const sessionSecret = fs.readFileSync(path.join(dataDir, "secrets", "session-secret"), "utf8").trim();
      expect(JSON.stringify(server.logs)).not.toContain(sessionSecret);
      expect(server.logs.find((entry) => entry.msg.startsWith("Demo account: admin"))?.msg).toMatch(/password: \$DEMO_PASSWORD$/);
      // A password of one's own is never shown: the form names no accounts.
      const signInPage = await signInPageOf(server.url.replace("127.0.0.1", "localhost"));
      expect(signInPage.url.pathname).toMatch(/^\/oidc\/interaction\//);
      expect(signInPage.html).toContain('name="password"');
      expect(signInPage.html).not.toContain("Demo accounts");
      expect(signInPage.html).not.toContain("not-the-default-pw");
    } finally {
      expectCleanStop(await server.stop());
    }
  });

  it("is ready once started; after SIGTERM it answers /api/ready 503 while it still serves for SHUTDOWN_DRAIN_MS, then stops", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), SEED_SCALE, SHUTDOWN_DRAIN_MS: "3000" });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: "ready", stopping: false, db: "ok", migrations: "done", identityProvider: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });

    const exit = server.stop("SIGTERM");
    await expect.poll(() => server.logs.some((line) => line.msg.startsWith("Stopping: not ready"))).toBe(true);
    // A new connection is still taken and served: readiness says no, liveness says yes.
    const draining = await fetch(`${server.url}/api/ready`);
    expect({ status: draining.status, body: await draining.json() }).toMatchObject({ status: 503, body: { status: "not ready", stopping: true, db: "ok" } });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.logs.some((line) => line.msg.startsWith("Stopping: no new connections"))).toBe(false);
    expectCleanStop(await exit);
    const order = server.logs.map((line) => line.msg).filter((msg) => msg.startsWith("Stopp"));
    expect(order).toEqual([
      "Stopping: not ready; still serving while load balancers notice",
      "Stopping: no new connections; waiting for requests in flight",
      "Stopped",
    ]);
  });

  it("lets a request in flight finish after SIGTERM, then exits 0", async () => {
    const server = await startServer({ DATA_DIR: tempDir(), SEED_SCALE });
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let response = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      response += chunk;
    });
    const closed = new Promise((resolve) => socket.once("close", resolve));
    await new Promise((resolve) => socket.once("connect", resolve));
    // Half a request: the server has it, and cannot answer it yet.
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exit = server.stop("SIGTERM");
    await expect.poll(() => server.logs.some((line) => line.msg.startsWith("Stopping"))).toBe(true);
    socket.write("\r\n");
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(response).toMatch(/\r\nConnection: close\r\n/i);
    expect(response).toContain('{"status":"ok","db":"ok"');
    expectCleanStop(await exit);
  });

  describe("refuses to start, with one line on stderr and exit code 1,", () => {
    it.each([
      ["postgres://", "DATABASE_URL"],
      ["postgres://nohost:99999/x", "DATABASE_URL"],
    ])("with the malformed DATABASE_URL %j", async (databaseUrl, mentions) => {
      expectOneLineFailure(await runUntilExit({ DATA_DIR: tempDir(), DATABASE_URL: databaseUrl }), mentions);
    });

    it("when PostgreSQL does not answer", async () => {
      const exit = await runUntilExit({
        DATA_DIR: tempDir(),
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/x",
        SESSION_SECRET: "x".repeat(32),
      });
      expectOneLineFailure(exit, "PostgreSQL at postgres://127.0.0.1:1/x is not reachable");
    });

    it("when the data directory cannot be written", async () => {
      const blocker = path.join(tempDir(), "a-file");
      fs.writeFileSync(blocker, "");
      expectOneLineFailure(await runUntilExit({ DATA_DIR: path.join(blocker, "data") }), "DATA_DIR");
    });

    it("when the data directory cannot be written, with every secret from the environment", async () => {
      const blocker = path.join(tempDir(), "a-file");
      fs.writeFileSync(blocker, "");
      const secrets = { SESSION_SECRET: "s".repeat(40), CONFIG_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") };
      expectOneLineFailure(await runUntilExit({ DATA_DIR: path.join(blocker, "data"), ...secrets }), "(DATA_DIR) cannot be created or written to (ENOTDIR)");
    });

    it("with an invalid variable, naming it", async () => {
      expectOneLineFailure(await runUntilExit({ DATA_DIR: tempDir(), LOG_LEVEL: "chatty" }), "LOG_LEVEL");
    });

    it("when the port is taken", async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
      const { port } = blocker.address() as net.AddressInfo;
      try {
        const dataDir = tempDir();
        const exit = await runUntilExit({ DATA_DIR: dataDir, SEED_SCALE, PORT: String(port) });
        expectOneLineFailure(exit, `Cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
        // Said before anything was migrated or seeded.
        expect(fs.existsSync(path.join(dataDir, "portal.sqlite"))).toBe(false);
      } finally {
        blocker.close();
      }
    });
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("the production server on PostgreSQL", () => {
  const databaseName = `portal_server_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
  });

  it("migrates, seeds, answers /api/health, and reports 503 once the database is gone", async () => {
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${databaseName}`;
    const server = await startServer({
      DATA_DIR: tempDir(),
      SEED_SCALE,
      DATABASE_URL: url.toString(),
      SESSION_SECRET: "p".repeat(40),
      METRICS_TOKEN: "m".repeat(32),
    });
    try {
      const healthy = await fetch(`${server.url}/api/health`);
      expect(healthy.status).toBe(200);
      expect(await healthy.json()).toMatchObject({ status: "ok", db: "ok" });
      expect(server.logs.some((line) => line.msg === "Demo data loaded")).toBe(true);
      // The pool's figures and the query times are in the metrics.
      const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${"m".repeat(32)}` } })).text();
      expect(metrics).toMatch(/^portal_db_pool_connections [1-9]\d*$/m);
      expect(metrics).toMatch(/^portal_db_pool_idle_connections \d+$/m);
      expect(metrics).toMatch(/^portal_db_pool_waiting_clients \d+$/m);
      expect(metrics).toMatch(/^portal_db_query_duration_seconds_count\{dialect="postgres"\} [1-9]\d*$/m);

      const client = admin();
      await client.connect();
      await client.query(`drop database ${databaseName} with (force)`);
      await client.end();

      const down = await fetch(`${server.url}/api/health`, { headers: { "X-Request-Id": "health-down-check" } });
      expect(down.status).toBe(503);
      expect(down.headers.get("cache-control")).toBe("no-store");
      expect(await down.json()).toEqual({ status: "error", db: "down", version: expect.any(String) });
      // Logged inside the Remix bundle, which has its own copy of the logger: the request id still arrives.
      const warning = server.logs.find((line) => line.msg === "Health check: the database does not answer");
      expect(warning).toMatchObject({ level: "warn", requestId: "health-down-check" });
    } finally {
      expectCleanStop(await server.stop());
    }
  });
});
