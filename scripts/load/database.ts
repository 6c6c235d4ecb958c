import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Cleanups } from "./cleanups";
import { addLoadUsers, type LoadUser } from "./load-users";
import type { LoadDatabaseKind } from "./options";
import { DEFAULT_DEMO_PASSWORD } from "../../app/auth/demo-access";
import { connectDatabase, type PortalDatabase } from "../../app/db/connect.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { SEED_VERSION } from "../../seed/context";
import { seedDatabase } from "../../seed/index.server";

/**
 * The database of one load run, owned by the run: a copy of a seeded SQLite file (seeded once per
 * scale and day into the cache directory, then copied, so a run never changes the cache), or a
 * PostgreSQL database of its own (created, seeded, dropped). The load users are added to it.
 */
export interface LoadDatabase {
  kind: LoadDatabaseKind;
  /** e.g. "SQLite 3.53.2". */
  version: string;
  scanRequests: number;
  /** Seconds the seed took in this run (null when a cached copy or, on PostgreSQL, --postgres-database was used). */
  seedSeconds: number | null;
  /** DATA_DIR, DATABASE_URL and SESSION_SECRET for every instance (one shared data directory for the files). */
  serverEnv: Record<string, string>;
}

export interface DatabaseRequest {
  kind: LoadDatabaseKind;
  scale: number;
  cacheDir: string;
  postgresUrl: string;
  /** LoadOptions.postgresDatabase. */
  postgresDatabase: string | null;
  users: readonly LoadUser[];
  password: string;
  keep: boolean;
  log: (message: string) => void;
  /** Where the directories and databases made here register their removal. */
  cleanups: Cleanups;
}

async function seed(database: PortalDatabase, dataDir: string, request: DatabaseRequest): Promise<number> {
  await migrateToLatest(database);
  const started = performance.now();
  await seedDatabase(database, {
    scale: request.scale,
    dataDir,
    demoPassword: DEFAULT_DEMO_PASSWORD,
    log: (message) => request.log(message),
  });
  return (performance.now() - started) / 1000;
}

async function countRequests(database: PortalDatabase): Promise<number> {
  const row = await database.db
    .selectFrom("scanRequests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The cached seeded data directory for this scale and day, built when missing (older days' copies are removed). */
async function cachedSqlite(request: DatabaseRequest): Promise<{ dir: string; seedSeconds: number | null }> {
  const day = new Date().toISOString().slice(0, 10);
  const prefix = `sqlite-${request.scale}-${SEED_VERSION}-`;
  const dir = path.resolve(request.cacheDir, `${prefix}${day}`);
  if (fs.existsSync(path.join(dir, "portal.sqlite"))) return { dir, seedSeconds: null };
  fs.mkdirSync(request.cacheDir, { recursive: true });
  for (const stale of fs.readdirSync(request.cacheDir).filter((name) => name.startsWith(prefix))) {
    fs.rmSync(path.join(request.cacheDir, stale), { recursive: true, force: true });
  }
  // Built beside its final name and renamed at the end: an interrupted seed leaves no half cache.
  const building = fs.mkdtempSync(path.join(path.resolve(request.cacheDir), `building-${request.scale}-`));
  request.cleanups.add(`remove ${building}`, () => fs.rmSync(building, { recursive: true, force: true }));
  try {
    request.log(`Seeding ${request.scale} scan requests into ${dir} (kept for later runs today)`);
    const database = await connectDatabase({ sqliteFile: path.join(building, "portal.sqlite") });
    let seedSeconds: number;
    try {
      seedSeconds = await seed(database, building, request);
    } finally {
      await database.close();
    }
    fs.renameSync(building, dir);
    return { dir, seedSeconds };
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
}

function removeAtTheEnd(request: DatabaseRequest, dir: string): void {
  request.cleanups.add(`remove ${dir}`, () => {
    if (request.keep) request.log(`Kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  });
}

async function prepareSqlite(request: DatabaseRequest): Promise<LoadDatabase> {
  const cache = await cachedSqlite(request);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-"));
  removeAtTheEnd(request, dataDir);
  request.log(`Data directory ${dataDir}`);
  fs.cpSync(cache.dir, dataDir, { recursive: true });
  const database = await connectDatabase({ sqliteFile: path.join(dataDir, "portal.sqlite") });
  let scanRequests: number;
  try {
    await migrateToLatest(database);
    await addLoadUsers(database, request.users, request.password);
    scanRequests = await countRequests(database);
  } finally {
    await database.close();
  }
  const memory = new SQLite(":memory:");
  const version = `SQLite ${String(memory.prepare("select sqlite_version()").pluck().get())}`;
  memory.close();
  return { kind: "sqlite", version, scanRequests, seedSeconds: cache.seedSeconds, serverEnv: { DATA_DIR: dataDir } };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The version, request count and server environment of a ready PostgreSQL database with the load users in it. */
async function readyPostgres(database: PortalDatabase, databaseUrl: string, dataDir: string, seedSeconds: number | null): Promise<LoadDatabase> {
  const native = database.native;
  const serverVersion =
    native.dialect === "postgres" ? (await native.pool.query<{ server_version: string }>("show server_version")).rows[0].server_version : "?";
  return {
    kind: "postgres",
    version: `PostgreSQL ${serverVersion}`,
    scanRequests: await countRequests(database),
    seedSeconds,
    // Every instance must share the session secret (the portal refuses PostgreSQL without one).
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(48).toString("base64url") },
  };
}

/** --postgres-database: a seeded database used as it is; its load users are written again (a run before may have left them). */
async function reusePostgres(request: DatabaseRequest, databaseUrl: string): Promise<LoadDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-files-"));
  removeAtTheEnd(request, dataDir);
  const database = await connectDatabase({ databaseUrl, sqliteFile: "" });
  try {
    await migrateToLatest(database);
    await addLoadUsers(database, request.users, request.password, new Date(), { replace: true });
    request.log(`Using the PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)} as it is`);
    return await readyPostgres(database, databaseUrl, dataDir, null);
  } finally {
    await database.close();
  }
}

async function preparePostgres(request: DatabaseRequest): Promise<LoadDatabase> {
  if (request.postgresDatabase !== null) return reusePostgres(request, request.postgresDatabase);
  const name = `portal_load_${randomBytes(6).toString("hex")}`;
  const url = new URL(request.postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-files-"));
  removeAtTheEnd(request, dataDir);
  request.log(`Data directory ${dataDir}`);
  await onServer(request.postgresUrl, `create database ${name}`);
  request.log(`Created the PostgreSQL database ${name}`);
  request.cleanups.add(`drop the PostgreSQL database ${name}`, async () => {
    if (request.keep) {
      request.log(`Kept the PostgreSQL database ${name}`);
      return;
    }
    await onServer(request.postgresUrl, `drop database if exists ${name} with (force)`);
    request.log(`Dropped the PostgreSQL database ${name}`);
  });
  const database = await connectDatabase({ databaseUrl, sqliteFile: "" });
  try {
    const seedSeconds = await seed(database, dataDir, request);
    await addLoadUsers(database, request.users, request.password);
    return await readyPostgres(database, databaseUrl, dataDir, seedSeconds);
  } finally {
    await database.close();
  }
}

export function prepareLoadDatabase(request: DatabaseRequest): Promise<LoadDatabase> {
  return request.kind === "sqlite" ? prepareSqlite(request) : preparePostgres(request);
}
