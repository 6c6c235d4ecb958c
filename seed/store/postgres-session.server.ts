import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { BulkSession } from "./bulk-session";
import { ByteBuffer } from "./byte-buffer";
import { rowValues, sqlColumns, sqlName, type SeedRow, type SeedTable } from "./columns";
import { copyLine } from "./copy-format";
import { countRow, type RowSink } from "./sink";
import { summaryRebuildAfterLoad } from "./summary-rebuild";

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Stays the same across releases: two processes seeding one database serialise on it. */
const SEED_LOCK_KEY = 7_311_946_203;
const COPY_CHUNK_BYTES = 1 << 20;

/**
 * Rows are encoded as COPY text per table and sent with one COPY per table at each flush. The
 * COPY of one batch runs while the next batch is generated (the generator yields to the event
 * loop now and then so the socket keeps moving); a second flush waits for the first.
 */
class PostgresCopySink implements RowSink {
  readonly counts = new Map<SeedTable, number>();
  private readonly pending = new Map<SeedTable, ByteBuffer>();
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly client: pg.PoolClient) {}

  add<T extends SeedTable>(table: T, row: SeedRow<T>): void {
    let buffer = this.pending.get(table);
    if (!buffer) {
      buffer = new ByteBuffer(64 * 1024);
      this.pending.set(table, buffer);
    }
    buffer.append(copyLine(rowValues(table, row)));
    countRow(this.counts, table);
  }

  async flush(): Promise<void> {
    const batch = [...this.pending].filter(([, buffer]) => buffer.length > 0).map(([table, buffer]) => [table, buffer.take()] as const);
    const previous = this.inFlight;
    const current = previous.then(async () => {
      for (const [table, data] of batch) await this.copy(table, data);
    });
    // A failure surfaces at the next flush or drain; it must not count as unhandled meanwhile.
    current.catch(() => undefined);
    this.inFlight = current;
    await previous;
  }

  async drain(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }

  /** One COPY of the table's buffered rows; fails (without waiting for a drain that never comes) if the stream does. */
  private copy(table: SeedTable, data: Buffer): Promise<void> {
    const columns = sqlColumns(table).map(quoted).join(", ");
    const stream = this.client.query(copyFrom(`copy ${quoted(sqlName(table))} (${columns}) from stdin`));
    return new Promise<void>((resolve, reject) => {
      stream.on("error", reject);
      stream.on("finish", () => resolve());
      let offset = 0;
      const writeMore = () => {
        while (offset < data.length) {
          const chunk = data.subarray(offset, offset + COPY_CHUNK_BYTES);
          offset += COPY_CHUNK_BYTES;
          if (!stream.write(chunk)) {
            stream.once("drain", writeMore);
            return;
          }
        }
        stream.end();
      };
      writeMore();
    });
  }
}

interface ForeignKey {
  tableName: string;
  name: string;
  definition: string;
}

interface TriggerName {
  tableName: string;
  name: string;
}

/**
 * The summary tables' upkeep triggers (migrations 0009 and 0015) are named `<table>_figures_<event>`
 * (app/db/migrations/scan-figures-triggers.ts), as on SQLite (sqlite-session.server.ts).
 */
const SUMMARY_TRIGGER = "^(scan_requests?(_details)?|shops)_figures_(write|update|delete|truncate)$";

interface IndexDefinition {
  name: string;
  definition: string;
}

export class PostgresBulkSession implements BulkSession {
  readonly sink: PostgresCopySink;
  private suspendedForeignKeys: ForeignKey[] = [];
  private suspendedIndexes: IndexDefinition[] = [];
  private suspendedTriggers: TriggerName[] = [];
  private inTransaction = false;

  constructor(private readonly client: pg.PoolClient) {
    this.sink = new PostgresCopySink(client);
  }

  static async open(pool: pg.Pool): Promise<PostgresBulkSession> {
    return new PostgresBulkSession(await pool.connect());
  }

  async begin(): Promise<void> {
    await this.client.query("begin");
    this.inTransaction = true;
    await this.client.query("select pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
  }

  async tablesAreEmpty(tables: readonly SeedTable[]): Promise<boolean> {
    const probes = tables.map((table) => `exists(select 1 from ${quoted(sqlName(table))})`).join(" or ");
    const result = await this.client.query<{ any_rows: boolean }>(`select (${probes}) as any_rows`);
    return !result.rows[0].any_rows;
  }

  async suspendSecondaryStructures(tables: readonly SeedTable[]): Promise<void> {
    const names = tables.map(sqlName);
    const foreignKeys = await this.client.query<ForeignKey>(
      `select c.conrelid::regclass::text as "tableName", c.conname as name, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c
        where c.contype = 'f' and c.conrelid = any(select to_regclass(n) from unnest($1::text[]) n)
        order by 1, 2`,
      [names],
    );
    // Indexes that back a primary key, unique or exclusion constraint stay; the rest are rebuilt after the load.
    const indexes = await this.client.query<IndexDefinition>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i
        where i.indrelid = any(select to_regclass(n) from unnest($1::text[]) n)
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
        order by 1`,
      [names],
    );
    this.suspendedForeignKeys = foreignKeys.rows;
    this.suspendedIndexes = indexes.rows;
    for (const fk of this.suspendedForeignKeys) {
      await this.client.query(`alter table ${fk.tableName} drop constraint ${quoted(fk.name)}`);
    }
    for (const index of this.suspendedIndexes) await this.client.query(`drop index ${index.name}`);
    await this.switchOffTriggers(names);
  }

  /**
   * The summary's upkeep triggers (migrations 0009 and 0015) would upsert once per loaded row: off until
   * finish(). Only those: any other trigger (a deployment's own check) keeps guarding the load.
   */
  private async switchOffTriggers(names: readonly string[]): Promise<void> {
    const triggers = await this.client.query<TriggerName>(
      `select t.tgrelid::regclass::text as "tableName", t.tgname as name
         from pg_trigger t
        where not t.tgisinternal and t.tgrelid = any(select to_regclass(n) from unnest($1::text[]) n) and t.tgname ~ $2
        order by 1, 2`,
      [names, SUMMARY_TRIGGER],
    );
    this.suspendedTriggers = triggers.rows;
    for (const trigger of this.suspendedTriggers) await this.client.query(`alter table ${trigger.tableName} disable trigger ${quoted(trigger.name)}`);
  }

  async finish(tables: readonly SeedTable[]): Promise<void> {
    await this.sink.drain();
    // PostgreSQL's advice for bulk loads: sort memory for CREATE INDEX and ADD FOREIGN KEY, for this transaction only.
    await this.client.query(`set local maintenance_work_mem = '256MB'`);
    for (const index of this.suspendedIndexes) await this.client.query(index.definition);
    for (const fk of this.suspendedForeignKeys) {
      await this.client.query(`alter table ${fk.tableName} add constraint ${quoted(fk.name)} ${fk.definition}`);
    }
    this.suspendedIndexes = [];
    this.suspendedForeignKeys = [];
    for (const statement of summaryRebuildAfterLoad("postgres", tables)) await this.client.query(statement);
    for (const trigger of this.suspendedTriggers) await this.client.query(`alter table ${trigger.tableName} enable trigger ${quoted(trigger.name)}`);
    this.suspendedTriggers = [];
    await this.advanceIdentitySequences(tables);
  }

  /** The seed writes explicit ids; the next id the database hands out must come after them. */
  private async advanceIdentitySequences(tables: readonly SeedTable[]): Promise<void> {
    const identities = await this.client.query<{ tableName: string; columnName: string }>(
      `select table_name as "tableName", column_name as "columnName"
         from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES' and table_name = any($1::text[])`,
      [tables.map(sqlName)],
    );
    for (const { tableName, columnName } of identities.rows) {
      await this.client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoted(columnName)}), 0) + 1, false) from ${quoted(tableName)}`, [
        tableName,
        columnName,
      ]);
    }
  }

  async commit(): Promise<void> {
    await this.client.query("commit");
    this.inTransaction = false;
  }

  async rollback(): Promise<void> {
    // A COPY of the batch before the failure may still be in flight: let it settle first, or
    // releasing the broken connection rejects it with nobody listening.
    await this.sink.drain().catch(() => undefined);
    if (!this.inTransaction) return;
    this.inTransaction = false;
    await this.client.query("rollback");
  }

  async afterCommit(tables: readonly SeedTable[]): Promise<void> {
    // Sets the visibility map (index-only scans for counts) and the planner statistics.
    await this.client.query(`vacuum (analyze) ${tables.map((table) => quoted(sqlName(table))).join(", ")}`);
  }

  async release(failed: boolean): Promise<void> {
    this.client.release(failed);
  }
}
