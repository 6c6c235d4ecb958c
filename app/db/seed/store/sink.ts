import type { SeedRow, SeedTable } from "./columns";

/** Where generated rows go. `add` may buffer; `flush` sends everything buffered so far. */
export interface RowSink {
  add<T extends SeedTable>(table: T, row: SeedRow<T>): void;
  flush(): Promise<void>;
  /** Rows added per table. */
  readonly counts: ReadonlyMap<SeedTable, number>;
}

export function countRow(counts: Map<SeedTable, number>, table: SeedTable): void {
  counts.set(table, (counts.get(table) ?? 0) + 1);
}
