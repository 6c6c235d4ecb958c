/**
 * User Roles directory benchmark (issue 12): npm run bench:user-roles [-- --users 100000]
 *
 * Fills a fresh database with --users directory users (90% holding DIP_PORTAL, 85% ACTIVE, roles
 * and names mixed as in the demo data), then times the SQL of the User Roles grid in-process, as
 * the grid module runs it (portalUsersQuery + readKeysetPage): the first page and the 50th page
 * (reached by following the cursor keys of the 49 before it, untimed) for the default order, a
 * name order, a role filter and exact filters. Prints Markdown for docs/performance.md. SQLite,
 * and PostgreSQL too when DATABASE_URL is postgres://... (a new database there, dropped at the end).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { repeat, cpuPressure, type Timing } from "./bench-grid/stats";
import { connectDatabase, isPostgresUrl, type PortalDatabase } from "../app/db/connect.server";
import { setDatabase } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import type { GridState } from "../app/grid/definition";
import type { Seek } from "../app/grid/grid-cursor";
import { readKeysetPage } from "../app/grid/keyset.server";
import { directorySortColumn, portalUsersQuery, sortKeyOf } from "../app/modules/user-roles/directory-query.server";

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

function usersOption(): number {
  const index = process.argv.indexOf("--users");
  const value = index >= 0 ? Number(process.argv[index + 1]) : 100_000;
  if (!Number.isInteger(value) || value < 1000) throw new Error("--users takes a whole number of at least 1000");
  return value;
}

const FIRST = ["james", "mary", "robert", "patricia", "john", "jennifer", "michael", "linda", "david", "elizabeth", "priya", "wei", "omar", "sofia", "liam"];
const LAST = ["smith", "johnson", "williams", "brown", "jones", "garcia", "miller", "davis", "rodriguez", "martinez", "chen", "khan", "nguyen", "lopez"];
const ROLE_SETS = [["DIP_PORTAL", "DIP_PROVIDER"], ["DIP_PORTAL", "DIP_POWER"], ["DIP_PORTAL"], ["DIP_PORTAL", "DIP_ADMIN"], ["DIP_PORTAL", "CCC_Admin"], []];
const ROLE_WEIGHTS = [50, 15, 15, 5, 5, 10];
const STATUSES = ["ACTIVE", "SUSPENDED", "PROVISIONED"];

/** A small deterministic generator, so two runs fill the same directory. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function fillDirectory(database: PortalDatabase, count: number): Promise<void> {
  const random = generator(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const weighted = () => {
    let roll = random() * 100;
    for (const [index, weight] of ROLE_WEIGHTS.entries()) {
      if ((roll -= weight) < 0) return ROLE_SETS[index];
    }
    return ROLE_SETS[0];
  };
  const end = Date.parse("2026-11-01T00:00:00Z");
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
      const n = start + offset;
      const first = pick(FIRST);
      const last = pick(LAST);
      const updated = new Date(end - Math.floor(random() * 3 * 365 * 86_400_000)).toISOString();
      return {
        id: `00ubench${String(n).padStart(9, "0")}`,
        login: `${first}.${last}${n}@bench.example`,
        firstName: first[0].toUpperCase() + first.slice(1),
        lastName: last[0].toUpperCase() + last.slice(1),
        email: `${first}.${last}${n}@bench.example`,
        ldapdn: `uid=${first}.${last}${n},ou=people,o=${1001 + (n % 20)},dc=dip,dc=example`,
        dloedrprole: JSON.stringify(weighted()),
        status: random() < 0.85 ? "ACTIVE" : pick(STATUSES.slice(1)),
        companyId: null,
        passwordHash: null,
        created: updated,
        lastUpdated: updated,
      };
    });
    await database.db.insertInto("users").values(rows).execute();
  }
}

interface Case {
  name: string;
  filters: GridState["filters"];
  sort: string;
  dir: "asc" | "desc";
}

const CASES: Case[] = [
  { name: "default (last updated, newest first)", filters: {}, sort: "lastUpdated", dir: "desc" },
  { name: "sorted by First Name", filters: {}, sort: "firstName", dir: "asc" },
  { name: "Role DIP_ADMIN (5%)", filters: { role: ["DIP_ADMIN"] }, sort: "lastUpdated", dir: "desc" },
  { name: "Last Name Nguyen, exact", filters: { lastName: ["NGUYEN"] }, sort: "lastUpdated", dir: "desc" },
];

const SIZE = 20;

function stateOf(item: Case): GridState {
  return {
    page: 1,
    size: SIZE,
    sort: item.sort,
    dir: item.dir,
    cols: [],
    expanded: null,
    panel: null,
    from: null,
    to: null,
    filters: item.filters,
    params: {},
  };
}

async function readPage(state: GridState, seek: Seek | null) {
  const sort = directorySortColumn(state);
  return readKeysetPage(portalUsersQuery(state.filters), { sort, id: "u.id", dir: state.dir }, seek, state.size, (row) => [sortKeyOf(row, sort), row.id]);
}

/** The seek that opens page `n` (1-based), following the pages before it. */
async function seekOfPage(state: GridState, n: number): Promise<Seek | null> {
  let seek: Seek | null = null;
  for (let page = 1; page < n; page++) {
    const read = await readPage(state, seek);
    if (!read.more || !read.lastKey) return null;
    seek = { direction: "after", key: read.lastKey };
  }
  return seek;
}

interface Row {
  name: string;
  first: Timing;
  fiftieth: Timing | null;
}

async function timeCases(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const item of CASES) {
    const state = stateOf(item);
    const first = await repeat(async () => void (await readPage(state, null)), { runs: 50, seconds: 10 });
    const seek = await seekOfPage(state, 50);
    const fiftieth = seek ? await repeat(async () => void (await readPage(state, seek)), { runs: 50, seconds: 10 }) : null;
    rows.push({ name: item.name, first, fiftieth });
    progress(`${item.name}: first ${first.medianMs.toFixed(2)} ms, 50th ${fiftieth ? fiftieth.medianMs.toFixed(2) : "-"} ms`);
  }
  return rows;
}

const ms = (timing: Timing | null) => (timing ? `${timing.medianMs.toFixed(2)} / ${timing.p95Ms.toFixed(2)}` : "fewer than 50 pages");

function table(title: string, rows: readonly Row[]): string {
  const lines = [`#### ${title}`, "", "| Case | First page, median / p95 ms | 50th page, median / p95 ms |", "|---|---:|---:|"];
  for (const row of rows) lines.push(`| ${row.name} | ${ms(row.first)} | ${ms(row.fiftieth)} |`);
  return lines.join("\n");
}

async function run(title: string, database: PortalDatabase, users: number): Promise<string> {
  await migrateToLatest(database);
  const started = performance.now();
  await fillDirectory(database, users);
  // Fresh statistics, as a long-lived database has them (the seed analyses its tables the same way).
  await sql`analyze`.execute(database.db);
  progress(`${title}: ${users} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  setDatabase(database);
  try {
    return table(`${title}, ${users.toLocaleString("en-US")} directory users (CPU pressure avg10 ${cpuPressure()})`, await timeCases());
  } finally {
    setDatabase(undefined);
  }
}

async function main(): Promise<void> {
  const users = usersOption();
  const reports: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-users-"));
  const sqlite = await connectDatabase({ sqliteFile: path.join(dataDir, "portal.sqlite") });
  try {
    reports.push(await run(`SQLite`, sqlite, users));
  } finally {
    await sqlite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (url && isPostgresUrl(url)) {
    const name = `portal_bench_users_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const postgres = await connectDatabase({ databaseUrl: target.toString(), sqliteFile: "", poolSize: 4 });
    try {
      reports.push(await run("PostgreSQL", postgres, users));
    } finally {
      await postgres.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    }
  }
  process.stdout.write(
    `${reports.join("\n\n")}\n\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
