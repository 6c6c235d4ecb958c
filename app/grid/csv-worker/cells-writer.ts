/** A row's cells by column id, as the grid shows them. */
export type RowCells = Readonly<Record<string, string>>;

/**
 * A grid's cells as a function of the row and plain data alone (the time zone, a map of names):
 * what the CSV export's worker thread can run, the context crossing to it as a structured clone.
 */
export interface CellsWriter<Row, Plain> {
  /** Its name in the worker's registry (app/modules/csv-export/cells-writers.ts). */
  readonly name: string;
  readonly cells: (row: Row, context: Plain) => RowCells;
}

/** The registry the worker looks writers up in; its rows are whatever the query read. */
export type CellsWriters = Readonly<Record<string, CellsWriter<never, never>>>;

/** Writers named after their keys, each typed by its own row and context. */
export function namedCellsWriters<Writers extends Record<string, (row: never, context: never) => RowCells>>(
  writers: Writers,
): { readonly [Name in keyof Writers & string]: CellsWriter<Parameters<Writers[Name]>[0], Parameters<Writers[Name]>[1]> } {
  return Object.fromEntries(Object.entries(writers).map(([name, cells]) => [name, { name, cells }])) as {
    readonly [Name in keyof Writers & string]: CellsWriter<Parameters<Writers[Name]>[0], Parameters<Writers[Name]>[1]>;
  };
}

/**
 * A grid module's export in the worker (GridModule.csvInWorker): the writer, and the plain part of
 * a request's context it needs. The row type ties the writer to the grid's own rows.
 */
export interface CsvInWorker<Row, Context> {
  readonly writer: string;
  readonly plainContext: (context: Context) => unknown;
  /** The same cells on the request thread (what the grid's `cells` gives). */
  readonly cells: (row: Row, context: Context) => RowCells;
}

export function csvInWorker<Row, Plain, Context>(writer: CellsWriter<Row, Plain>, plainContext: (context: Context) => Plain): CsvInWorker<Row, Context> {
  return { writer: writer.name, plainContext, cells: (row, context) => writer.cells(row, plainContext(context)) };
}
