import type { SeedRow, SeedTable } from "./columns";

/**
 * Where generated rows go. `add` may buffer; `flush` hands the buffered rows to the database and
 * may return before it has them all (one batch in flight while the next is generated); `drain`
 * returns once the database has every row.
 */
export interface RowSink {
  add<T extends SeedTable>(table: T, row: SeedRow<T>): void;
  flush(): Promise<void>;
  drain(): Promise<void>;
  /** Rows added per table. */
  readonly counts: ReadonlyMap<SeedTable, number>;
}

export function countRow(counts: Map<SeedTable, number>, table: SeedTable): void {
  counts.set(table, (counts.get(table) ?? 0) + 1);
}
