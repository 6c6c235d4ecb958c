import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases";
import { health } from "../support/portal-pages";
import { runUntilExit, startServer } from "../support/server-process";

/**
 * File storage failing on write, on the one path that writes files together with the rows that
 * point at them: the demo data loaded on the first start (reports, quote attachments, error files,
 * provider logos). Request handlers only read files. Here the folder the error files go to cannot
 * be created (a plain file stands in its way), so the seed fails near its end: the start fails
 * with one line naming the cause, and neither rows nor the files written before remain; once the
 * folder can be written, the next start loads the demo data.
 */

const SEED_SCALE = "60";
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

interface Target {
  env: Record<string, string>;
  /** Rows of a seeded table, and the storage keys the database points at. */
  counts(): Promise<{ providers: number; scanRequests: number; storageKeys: string[] }>;
  drop(): Promise<void>;
}

async function sqliteTarget(dataDir: string): Promise<Target> {
  return {
    env: {},
    async counts() {
      const db = new SQLite(path.join(dataDir, "portal.sqlite"), { readonly: true });
      try {
        const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
        const keys = db.prepare("select storage_key as key from report_attachments where storage_key is not null").all() as Array<{ key: string }>;
        return { providers: count("providers"), scanRequests: count("scan_requests"), storageKeys: keys.map((row) => row.key) };
      } finally {
        db.close();
      }
    },
    drop: async () => undefined,
  };
}

async function postgresTarget(): Promise<Target> {
  const admin = process.env.TEST_DATABASE_URL ?? "";
  const name = `portal_storage_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const run = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await run(admin, (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SESSION_SECRET: "s".repeat(40) },
    counts: () =>
      run(url.toString(), async (client) => {
        const count = async (table: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0].n);
        const keys = await client.query<{ key: string }>("select storage_key as key from report_attachments where storage_key is not null");
        return { providers: await count("providers"), scanRequests: await count("scan_requests"), storageKeys: keys.rows.map((row) => row.key) };
      }),
    drop: () => run(admin, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

describe.each(testDialects)("file storage failing while the demo data is written (%s)", (dialect) => {
  it("fails the start with one line, keeps no rows and no files, and loads the demo data once storage can be written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-storage-"));
    tempDirs.push(dataDir);
    const filesRoot = path.join(dataDir, "files");
    fs.mkdirSync(filesRoot);
    const blocker = path.join(filesRoot, "errors");
    fs.writeFileSync(blocker, "a file where the error files' folder should be");
    const target = dialect === "sqlite" ? await sqliteTarget(dataDir) : await postgresTarget();
    try {
      const env = { DATA_DIR: dataDir, SEED_SCALE, ...target.env };
      const exit = await runUntilExit(env, 150_000);
      expect(exit.code).toBe(1);
      const lines = exit.stderr.trimEnd().split("\n");
      expect(lines, exit.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot start the portal: Demo data could not be loaded: the file storage could not write errors\/\S+ \((ENOTDIR|EEXIST)\); check that DATA_DIR\/files can be written\.$/,
      );
      expect(await target.counts()).toEqual({ providers: 0, scanRequests: 0, storageKeys: [] });
      // The logos, reports and attachments written before the failure went with the rolled-back rows.
      expect(filesUnder(filesRoot)).toEqual(["errors"]);

      fs.rmSync(blocker);
      const server = await startServer(env, 150_000);
      try {
        expect(await health(server.url)).toMatchObject({ status: 200, body: { db: "ok" } });
        expect(server.logs.some((line) => line.msg === "Demo data loaded")).toBe(true);
      } finally {
        await server.stop();
      }
      const seeded = await target.counts();
      expect(seeded.scanRequests).toBe(Number(SEED_SCALE));
      expect(seeded.storageKeys.length).toBeGreaterThan(0);
      // Rows point at files that are there (the demo data also has a few deliberately missing ones).
      const files = new Set(filesUnder(filesRoot));
      const found = seeded.storageKeys.filter((key) => files.has(path.join(...key.split("/"))));
      expect(found.length).toBeGreaterThan(seeded.storageKeys.length / 2);
    } finally {
      await target.drop();
    }
    // Two starts of the server, each loading demo data: on a busy shared machine that can take a while.
  }, 400_000);
});
