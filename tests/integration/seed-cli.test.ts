import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/db/connect.server";

/** Runs `npm run seed`'s script the way npm does (tsx), with a clean environment of our own. */
function runSeed(args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...args], {
    cwd: path.resolve(__dirname, "../.."),
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface CliTarget {
  name: string;
  env: Record<string, string>;
  count(table: string): Promise<number>;
  insertSession(): Promise<void>;
  cleanup(): Promise<void>;
}

async function sqliteTarget(): Promise<CliTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-"));
  const withDatabase = async <T>(work: (db: Awaited<ReturnType<typeof connectDatabase>>) => Promise<T>) => {
    const database = await connectDatabase({ sqliteFile: path.join(dataDir, "portal.sqlite") });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };
  return {
    name: "sqlite",
    env: { DATA_DIR: dataDir },
    count: (table) =>
      withDatabase(async ({ native }) => (native.dialect === "sqlite" ? Number(native.sqlite.prepare(`select count(*) from ${table}`).pluck().get()) : -1)),
    insertSession: () =>
      withDatabase(async ({ db }) => {
        const now = new Date().toISOString();
        await db
          .insertInto("sessions")
          .values({
            id: "s1",
            userId: "00udemoadmin00000001",
            createdAt: now,
            lastActivityAt: now,
            accessToken: null,
            accessTokenExpiresAt: null,
            refreshToken: null,
            idToken: null,
            refreshingUntil: null,
          })
          .execute();
      }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<CliTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-pg-"));
  const name = `portal_cli_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    count: async (table) => Number((await query(`select count(*) as n from ${table}`)).rows[0].n),
    insertSession: async () => {
      await query(`insert into sessions (id, user_id, created_at, last_activity_at) values ('s1', '00udemoadmin00000001', now(), now())`);
    },
    cleanup: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const targets = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

describe("npm run seed", () => {
  it("refuses bad arguments with one line and exit code 2", () => {
    for (const args of [["--scale", "many"], ["--bogus"], ["--anchor", "yesterday"]]) {
      const result = runSeed(args, { DATA_DIR: os.tmpdir() });
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/^seed: /);
      expect(result.stdout).toBe("");
    }
  });

  it("prints its usage", () => {
    const result = runSeed(["--help"], {});
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--scale N");
  });
});

describe.each(targets)("npm run seed on %s", (targetName) => {
  let target: CliTarget;
  beforeAll(async () => {
    target = targetName === "sqlite" ? await sqliteTarget() : await postgresTarget(process.env.TEST_DATABASE_URL ?? "");
  });
  afterAll(async () => target?.cleanup());

  it("migrates and seeds an empty database, printing one summary line", async () => {
    const result = runSeed(["--scale", "150", "--anchor", "2026-06-17"], target.env);
    expect(result.stderr).not.toMatch(/failed/);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    expect(result.stdout).toMatch(/^Seeded 150 scan requests \(\d+ rows\) into .+ in [\d.]+ s\.$/m);
    expect(await target.count("scan_requests")).toBe(150);
  });

  it("leaves a database with data alone without --force", async () => {
    const users = await target.count("users");
    const result = runSeed(["--scale", "90"], target.env);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("already has data; nothing changed");
    expect(await target.count("scan_requests")).toBe(150);
    expect(await target.count("users")).toBe(users);
  });

  it("replaces the data with --force", async () => {
    await target.insertSession();
    expect(await target.count("sessions")).toBe(1);
    const result = runSeed(["--scale", "90", "--force"], target.env);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Seeded 90 scan requests/);
    expect(await target.count("scan_requests")).toBe(90);
    expect(await target.count("sessions")).toBe(0);
  });
});
