import type { SeedTable } from "./columns";
import type { RowSink } from "./sink";

/**
 * One seed run's connection to the database: a single transaction that holds the whole load, so
 * a seed that fails leaves nothing behind, and the bulk-load tricks of each database.
 */
export interface BulkSession {
  readonly sink: RowSink;
  /** Starts the transaction and takes the seed lock (a second seeder waits, then finds data). */
  begin(): Promise<void>;
  /** True when none of the tables has a row (inside the transaction). */
  tablesAreEmpty(tables: readonly SeedTable[]): Promise<boolean>;
  /** Drops the tables' secondary indexes (and foreign keys where checking them row by row is slow) until finish(). */
  suspendSecondaryStructures(tables: readonly SeedTable[]): Promise<void>;
  /** Rebuilds what was suspended, moves identity sequences past the loaded ids, refreshes statistics. */
  finish(tables: readonly SeedTable[]): Promise<void>;
  commit(): Promise<void>;
  /** Safe to call at any point, also when nothing was begun. */
  rollback(): Promise<void>;
  /** Maintenance that cannot run inside a transaction. */
  afterCommit(tables: readonly SeedTable[]): Promise<void>;
  /** Gives the connection back; after a failure it is discarded rather than reused. */
  release(failed: boolean): Promise<void>;
}
