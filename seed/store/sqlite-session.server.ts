import type SQLite from "better-sqlite3";
import type { BulkSession } from "./bulk-session";
import { rowValues, sqlColumns, sqlName, type SeedRow, type SeedTable } from "./columns";
import { countRow, type RowSink } from "./sink";
import { summaryRebuildAfterLoad } from "./summary-rebuild";

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Rows go straight into reusable prepared statements: better-sqlite3 is synchronous. */
class SqliteSink implements RowSink {
  readonly counts = new Map<SeedTable, number>();
  private readonly statements = new Map<SeedTable, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  add<T extends SeedTable>(table: T, row: SeedRow<T>): void {
    let statement = this.statements.get(table);
    if (!statement) {
      const columns = sqlColumns(table).map(quoted);
      statement = this.sqlite.prepare(`insert into ${quoted(sqlName(table))} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
      this.statements.set(table, statement);
    }
    statement.run(rowValues(table, row));
    countRow(this.counts, table);
  }

  async flush(): Promise<void> {
    // Nothing is buffered: rows are in the database as soon as they are added.
  }

  async drain(): Promise<void> {}
}

/** The summary tables' upkeep triggers (migrations 0009 and 0015) are named `<table>_figures_<event>`. */
const SUMMARY_TRIGGER = /^(scan_requests?(_details)?|shops)_figures_(insert|update|delete)$/;

/** An index or trigger as sqlite_master holds it. */
interface SchemaObject {
  name: string;
  sql: string;
}

/** Page cache for the load and the index builds (KiB, negative as SQLite expects). */
const LOAD_CACHE_SIZE = -131072;

export class SqliteBulkSession implements BulkSession {
  readonly sink: SqliteSink;
  private suspendedIndexes: SchemaObject[] = [];
  private suspendedTriggers: SchemaObject[] = [];
  private previousCacheSize: number | null = null;
  private restoreWal = false;

  constructor(private readonly sqlite: SQLite.Database) {
    this.sink = new SqliteSink(sqlite);
  }

  async begin(): Promise<void> {
    this.previousCacheSize = this.sqlite.pragma("cache_size", { simple: true }) as number;
    this.sqlite.pragma(`cache_size = ${LOAD_CACHE_SIZE}`);
    if (this.sqlite.pragma("journal_mode", { simple: true }) === "wal") this.restoreWal = this.leaveWal();
    // IMMEDIATE takes the write lock now: a second seeder waits here, then finds the data.
    this.sqlite.exec("begin immediate");
  }

  /**
   * With a rollback journal the new pages are written once, straight into the database file; in
   * WAL mode they would go to the log first and be copied again at checkpoint. Leaving WAL needs
   * the only connection to the file: when another is open the seed stays in WAL, without waiting.
   */
  private leaveWal(): boolean {
    const busyTimeout = this.sqlite.pragma("busy_timeout", { simple: true }) as number;
    this.sqlite.pragma("busy_timeout = 0");
    try {
      return this.sqlite.pragma("journal_mode = DELETE", { simple: true }) === "delete";
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
      throw error;
    } finally {
      this.sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    }
  }

  async tablesAreEmpty(tables: readonly SeedTable[]): Promise<boolean> {
    return tables.every((table) => this.sqlite.prepare(`select 1 from ${quoted(sqlName(table))} limit 1`).get() === undefined);
  }

  private schemaObjects(type: "index" | "trigger", tables: readonly SeedTable[]): SchemaObject[] {
    const names = tables.map(sqlName);
    return this.sqlite
      .prepare(`select name, sql from sqlite_master where type = ? and sql is not null and tbl_name in (${names.map(() => "?").join(", ")}) order by name`)
      .all(type, ...names) as SchemaObject[];
  }

  /** Indexes and the summary's triggers (SQLite cannot switch a trigger off) are dropped and created again in finish(). */
  async suspendSecondaryStructures(tables: readonly SeedTable[]): Promise<void> {
    this.suspendedIndexes = this.schemaObjects("index", tables);
    // Only the summary's own triggers: any other trigger (a constraint of the deployment's) keeps guarding the load.
    this.suspendedTriggers = this.schemaObjects("trigger", tables).filter((trigger) => SUMMARY_TRIGGER.test(trigger.name));
    for (const index of this.suspendedIndexes) this.sqlite.exec(`drop index ${quoted(index.name)}`);
    for (const trigger of this.suspendedTriggers) this.sqlite.exec(`drop trigger ${quoted(trigger.name)}`);
  }

  async finish(tables: readonly SeedTable[]): Promise<void> {
    await this.sink.drain();
    for (const index of this.suspendedIndexes) this.sqlite.exec(index.sql);
    this.suspendedIndexes = [];
    for (const statement of summaryRebuildAfterLoad("sqlite", tables)) this.sqlite.exec(statement);
    for (const trigger of this.suspendedTriggers) this.sqlite.exec(trigger.sql);
    this.suspendedTriggers = [];
    // A sampled ANALYZE: exact enough for the planner and fast on millions of rows.
    this.sqlite.pragma("analysis_limit = 1000");
    this.sqlite.exec("analyze");
  }

  async commit(): Promise<void> {
    this.sqlite.exec("commit");
  }

  async rollback(): Promise<void> {
    if (this.sqlite.inTransaction) this.sqlite.exec("rollback");
  }

  async afterCommit(): Promise<void> {
    // Move the load out of the write-ahead log so the log file does not stay at the load's size.
    if (!this.restoreWal) this.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  }

  async release(): Promise<void> {
    // The connection is the application's only one and stays open; only the seed's settings are undone.
    if (this.restoreWal) this.sqlite.pragma("journal_mode = WAL");
    this.restoreWal = false;
    if (this.previousCacheSize !== null) this.sqlite.pragma(`cache_size = ${this.previousCacheSize}`);
  }
}
