import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { BenchOptions } from "./options";
import { DEFAULT_DEMO_PASSWORD } from "../../app/auth/demo-access";
import { connectDatabase, isPostgresUrl, type PortalDatabase } from "../../app/db/connect.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { isDatabaseEmpty, seedDatabase } from "../../seed/index.server";

/** What opening a benchmark database needs from the command line. */
export type DatabaseOptions = Pick<BenchOptions, "scale" | "dataDir" | "reuse" | "keep">;

/** The database a benchmark runs on: seeded (or reused), with what the server needs to reach it. */
export interface BenchDatabase {
  kind: "sqlite" | "postgres";
  /** DATA_DIR and DATABASE_URL for the server. */
  serverEnv: Record<string, string>;
  /** The same database opened in this process (for the queries timed alone). */
  database: PortalDatabase;
  version: string;
  scanRequests: number;
  seedSeconds: number | null;
  cleanup(): Promise<void>;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function seedUnlessFilled(database: PortalDatabase, dataDir: string, scale: number): Promise<number | null> {
  await migrateToLatest(database);
  if (!(await isDatabaseEmpty(database))) {
    log(`Reusing ${database.description}`);
    return null;
  }
  const started = performance.now();
  await seedDatabase(database, { scale, dataDir, demoPassword: DEFAULT_DEMO_PASSWORD, log });
  return (performance.now() - started) / 1000;
}

async function countRequests(database: PortalDatabase): Promise<number> {
  const row = await database.db
    .selectFrom("scanRequests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function openSqliteBenchDatabase(options: DatabaseOptions): Promise<BenchDatabase> {
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-grid-"));
  if (!temporary && !options.reuse && fs.existsSync(path.join(dataDir, "portal.sqlite"))) {
    throw new Error(`${dataDir} already has a database: pass --reuse to use it`);
  }
  const database = await connectDatabase({ sqliteFile: path.join(dataDir, "portal.sqlite") });
  const seedSeconds = await seedUnlessFilled(database, dataDir, options.scale);
  const memory = new SQLite(":memory:");
  const version = `SQLite ${String(memory.prepare("select sqlite_version()").pluck().get())}`;
  memory.close();
  return {
    kind: "sqlite",
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
    database,
    version,
    scanRequests: await countRequests(database),
    seedSeconds,
    async cleanup() {
      await database.close();
      if (temporary && !options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
      else log(`Kept ${dataDir}`);
    },
  };
}

export async function openPostgresBenchDatabase(serverUrl: string, options: DatabaseOptions): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-grid-files-"));
  let databaseUrl = serverUrl;
  let drop = async () => undefined as void;
  if (!options.reuse) {
    const name = `portal_bench_grid_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      if (options.keep) {
        log(`Kept the database ${name}`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = await connectDatabase({ databaseUrl, sqliteFile: "" });
  try {
    const seedSeconds = await seedUnlessFilled(database, dataDir, options.scale);
    // The seed ends with VACUUM (ANALYZE) of the tables it filled.
    const native = database.native;
    const version = native.dialect === "postgres" ? (await native.pool.query<{ server_version: string }>("show server_version")).rows[0].server_version : "?";
    return {
      kind: "postgres",
      // The server refuses PostgreSQL without a shared session secret; any will do for one instance.
      serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString("hex") },
      database,
      version: `PostgreSQL ${version}`,
      scanRequests: await countRequests(database),
      seedSeconds,
      async cleanup() {
        await database.close();
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
}

export function openBenchDatabase(options: DatabaseOptions): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  return isPostgresUrl(url) ? openPostgresBenchDatabase(url, options) : openSqliteBenchDatabase(options);
}
