import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from "kysely";
import pg from "pg";
import { PRIVATE_DIR_MODE, preparePrivateDatabaseFile } from "~/lib/private-files.server";
import type { DialectName } from "./dialect";
import { portalPgTypes } from "./pg-types";
import { timeQueries } from "./query-timing.server";
import { withStatementCache } from "./sqlite-statement-cache";
import type { Database } from "./types";

/**
 * The driver under Kysely. Only bulk loads (the demo-data seed) use it, for reusable prepared
 * statements on SQLite and COPY on PostgreSQL; everything else goes through `db`.
 */
export type NativeConnection = { dialect: "sqlite"; sqlite: SQLite.Database } | { dialect: "postgres"; pool: pg.Pool; url: string };

export interface PortalDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  native: NativeConnection;
  /** Where the data lives, without credentials (for logs and the health check). */
  description: string;
  close(): Promise<void>;
}

export class DatabaseStartError extends Error {}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** Kysely's SQLite driver begins with a plain BEGIN; a read-then-write transaction must wait for
 * the write lock up front instead of failing later with SQLITE_BUSY. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }
  override createAdapter() {
    return new SqliteAdapter();
  }
  override createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  override createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

export function openSqlite(file: string): SQLite.Database {
  if (file !== ":memory:") {
    const dir = path.dirname(file);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      fs.accessSync(dir, fs.constants.W_OK);
      preparePrivateDatabaseFile(file);
    } catch {
      throw new DatabaseStartError(`The data directory ${dir} cannot be created or written to.`);
    }
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
  } catch (error) {
    throw new DatabaseStartError(`The SQLite database ${file} cannot be opened: ${(error as Error).message}`);
  }
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  return sqlite;
}

function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "postgres";
  }
}

export function parsePostgresUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseStartError("DATABASE_URL is not a valid URL (expected postgres://user@host:port/database).");
  }
  if (!parsed.hostname || parsed.pathname.length < 2) {
    throw new DatabaseStartError("DATABASE_URL must name a host and a database (postgres://user@host:port/database).");
  }
  return parsed;
}

export interface ConnectOptions {
  /** postgres://... for PostgreSQL; otherwise ignored. */
  databaseUrl?: string;
  /** The SQLite file used when databaseUrl is not a PostgreSQL URL. */
  sqliteFile: string;
  poolSize?: number;
}

/**
 * PostgreSQL compiles a plan with LLVM when its estimated cost passes `jit_above_cost`: a grid page
 * over a week of ten million requests spent 40-45 ms compiling a query that runs in 200 ms, on
 * every request (decision 0095).
 */
export const PAGE_CONNECTION_OPTIONS = "-c jit=off";

/** Opens the database and proves it answers; failures become one-line DatabaseStartErrors. */
export async function connectDatabase(options: ConnectOptions): Promise<PortalDatabase> {
  if (isPostgresUrl(options.databaseUrl)) {
    const url = options.databaseUrl;
    parsePostgresUrl(url);
    const pool = new pg.Pool({
      connectionString: url,
      // No JIT compilation for the pages' short queries (decision 0095); an `options` in the URL wins.
      options: PAGE_CONNECTION_OPTIONS,
      types: portalPgTypes(),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on("error", () => undefined);
    const description = describePostgres(url);
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseStartError(`PostgreSQL at ${description} is not reachable: ${(error as Error).message}`);
    }
    const dialect: Dialect = new PostgresDialect({ pool });
    const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()], log: timeQueries("postgres") });
    return { db, dialect: "postgres", native: { dialect: "postgres", pool, url }, description, close: () => db.destroy() };
  }
  const sqlite = openSqlite(options.sqliteFile);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
    log: timeQueries("sqlite"),
  });
  return {
    db,
    dialect: "sqlite",
    native: { dialect: "sqlite", sqlite },
    description: `sqlite:${options.sqliteFile}`,
    // Kysely closes the handle only if it ever ran a query; a caller that used `native` alone needs this.
    close: async () => {
      await db.destroy();
      if (sqlite.open) sqlite.close();
    },
  };
}
