/** Where a query's rows are read from, as plain data (it is sent to the CSV export's worker thread). */
export type RowSourceTarget = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

/** A piece of a query's rows, as arrays of values in the order of the source's columns. */
export interface ArrayRows {
  rows: unknown[][];
  /** No rows follow; the source has already closed its statement or cursor and its connection. */
  last: boolean;
}

/**
 * A query's rows read in pieces on a connection of the reader's own (not the portal's pool): what
 * a worker thread reads with. `close()` stops early and releases the statement or cursor and the
 * connection; it is harmless after the last piece or a failure.
 */
export interface ArrayRowSource {
  /** The result's column names, as the database spells them. */
  readonly columns: readonly string[];
  next(): Promise<ArrayRows>;
  close(): Promise<void>;
}
