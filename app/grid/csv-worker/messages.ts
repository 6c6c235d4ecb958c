import type { RowSourceTarget } from "~/db/row-stream/array-row-source";

/** Everything an export's worker needs, as plain data. */
export interface CsvExportJob {
  /** The cells writer's name in the worker's registry. */
  writer: string;
  /** The writer's plain context (structured-cloned). */
  context: unknown;
  source: RowSourceTarget;
  /** The grid's compiled query, provider scope included. */
  sql: string;
  parameters: readonly unknown[];
  /** The visible columns' ids, in order. */
  columnIds: readonly string[];
  /** The header records (the labels, or a grouped grid's two rows). */
  headerRows: readonly (readonly string[])[];
}

/** "open" and each "next" are answered with one chunk (or "failed"); "stop" with "stopped". */
export type ToCsvWorker = { type: "open"; job: CsvExportJob } | { type: "next" } | { type: "stop" };

export type FromCsvWorker =
  /** UTF-8 bytes of CSV (transferred, not copied) and the rows they hold; after the last one the worker has released its connection. */
  { type: "chunk"; bytes: ArrayBuffer; rows: number; last: boolean } | { type: "failed"; message: string; code?: string } | { type: "stopped" };
