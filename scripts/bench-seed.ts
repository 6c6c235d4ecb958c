/**
 * Seeding benchmark: npx tsx scripts/bench-seed.ts [--scale N] [--db sqlite|postgres|both] [--lean] [--sizes] [--keep]
 * Seeds a fresh database (a temporary SQLite file, or a new PostgreSQL database on the server named
 * by BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), prints the time,
 * rows, files and sizes as a Markdown table row (with --sizes also the largest tables, indexes
 * included), then deletes the database and files (unless --keep, which names what it kept). --lean
 * seeds the benchmark data set: message documents and reports for the newest requests only (LEAN_SEED).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DEFAULT_SEED_SCALE } from "../app/auth/demo-access";
import { connectDatabase, type PortalDatabase } from "../app/db/connect.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { LEAN_SEED } from "../seed/context";
import { seedDatabase } from "../seed/index.server";

type Target = "sqlite" | "postgres";

interface BenchOptions {
  scale: number;
  targets: Target[];
  keep: boolean;
  sizes: boolean;
  lean: boolean;
}

function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { scale: DEFAULT_SEED_SCALE, targets: ["sqlite", "postgres"], keep: false, sizes: false, lean: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--scale" && /^\d+$/.test(argv[i + 1] ?? "")) options.scale = Number(argv[++i]);
    else if (arg === "--db" && ["sqlite", "postgres", "both"].includes(argv[i + 1] ?? "")) {
      const db = argv[++i];
      options.targets = db === "both" ? ["sqlite", "postgres"] : [db as Target];
    } else if (arg === "--keep") options.keep = true;
    else if (arg === "--sizes") options.sizes = true;
    else if (arg === "--lean") options.lean = true;
    else {
      process.stderr.write(`bench-seed: unknown or incomplete argument ${JSON.stringify(arg)}\n`);
      process.exit(2);
    }
  }
  return options;
}

function directorySize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** Share of the last 60 s in which some task waited for a CPU (Linux pressure stall information). */
function cpuPressure(): string {
  try {
    const line = fs.readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0];
    return `${/avg60=([\d.]+)/.exec(line)?.[1] ?? "?"}%`;
  } catch {
    return "n/a";
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface TableSize {
  name: string;
  bytes: number;
}

const LARGEST_TABLES = 8;

/** The largest tables with their indexes, on a database the seed has written and closed. */
async function largestTables(database: PortalDatabase): Promise<TableSize[]> {
  if (database.native.dialect === "sqlite") {
    return database.native.sqlite
      .prepare(
        `select coalesce(m.tbl_name, s.name) as name, sum(s.pgsize) as bytes
           from dbstat s left join sqlite_master m on m.name = s.name
          group by 1 order by 2 desc limit ${LARGEST_TABLES}`,
      )
      .all() as TableSize[];
  }
  const result = await database.native.pool.query<{ name: string; bytes: string }>(
    `select relname as name, pg_total_relation_size(oid) as bytes from pg_class
      where relkind = 'r' and relnamespace = current_schema()::regnamespace order by 2 desc limit ${LARGEST_TABLES}`,
  );
  return result.rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }));
}

interface SeedTarget {
  database: PortalDatabase;
  /** Where the data set is (a file, or a PostgreSQL URL). */
  description: string;
  size: () => Promise<number>;
  drop: () => Promise<void>;
}

async function openTarget(target: Target, dataDir: string): Promise<SeedTarget> {
  if (target === "sqlite") {
    const file = path.join(dataDir, "portal.sqlite");
    const database = await connectDatabase({ sqliteFile: file });
    const size = async () => ["", "-wal", "-journal"].reduce((sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0), 0);
    return { database, description: file, size, drop: async () => undefined };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `portal_bench_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await connectDatabase({ databaseUrl: url.toString(), sqliteFile: "" });
  return {
    database,
    description: url.toString(),
    size: async () => Number((await admin.query<{ size: string }>("select pg_database_size($1) as size", [name])).rows[0].size),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function bench(target: Target, options: BenchOptions): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${target}-`));
  const { database, description, size, drop } = await openTarget(target, dataDir);
  try {
    await migrateToLatest(database);
    const pressureBefore = cpuPressure();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const summary = await seedDatabase(database, {
      scale: options.scale,
      dataDir,
      demoPassword: "bench-password",
      anchor: new Date(Date.UTC(2026, 5, 17)),
      lean: options.lean ? LEAN_SEED : undefined,
      log: (message) => process.stderr.write(`[${target} ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}\n`),
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const rows = Object.values(summary.counts).reduce((sum, count) => sum + count, 0);
    if (options.sizes) {
      const tables = await largestTables(database);
      process.stderr.write(`${target} largest tables (with indexes): ${tables.map((t) => `${t.name} ${mb(t.bytes)}`).join(", ")}\n`);
    }
    await database.close();
    const databaseBytes = await size();
    const files = directorySize(path.join(dataDir, "files"));
    const version =
      target === "sqlite"
        ? "SQLite " + String((await import("better-sqlite3")).default(":memory:").prepare("select sqlite_version() as v").pluck().get())
        : "PostgreSQL";
    return (
      `| ${target} (${version}) | ${options.scale.toLocaleString("en-US")}${options.lean ? " (lean)" : ""} | ${wallSeconds.toFixed(1)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s | ` +
      `${rows.toLocaleString("en-US")} | ${mb(databaseBytes)} | ${files.files.toLocaleString("en-US")} (${mb(files.bytes)}) | ` +
      `${mb(process.resourceUsage().maxRSS * 1024)} | ${pressureBefore} / ${cpuPressure()} |`
    );
  } finally {
    await database.close().catch(() => undefined);
    if (options.keep) process.stderr.write(`kept ${dataDir}${target === "postgres" ? ` and the database ${description}` : ""}\n`);
    else {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const options = parseOptions(process.argv.slice(2));
const results: string[] = [];
for (const target of options.targets) results.push(await bench(target, options));
process.stdout.write(
  "| database | scale | wall time | CPU (this process) | rows | database size | files | peak RSS | CPU pressure before / after |\n" +
    "|---|---|---|---|---|---|---|---|---|\n" +
    results.join("\n") +
    "\n",
);
