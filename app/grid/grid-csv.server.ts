import type { Compilable } from "kysely";
import { compileWithLiterals } from "~/db/inline-parameters.server";
import type { RowSourceTarget } from "~/db/row-stream/array-row-source";
import { postgresCopyCsv } from "~/db/row-stream/postgres-copy-csv";
import { rowSourceTarget } from "~/db/row-stream/stream-rows.server";
import { log } from "~/lib/logger.server";
import { chunkedCsvResponse } from "./chunked-csv-response.server";
import { CopyCsvChunks } from "./csv-copy/copy-csv-chunks";
import { csvHeaders, csvResponse } from "./csv-export.server";
import { csvFileName } from "./csv-file-name";
import { CsvWorkerExport } from "./csv-worker/csv-worker-export.server";
import type { FilterOption, GridDefinition, GridState } from "./definition";
import { readExportQuery } from "./export-query";
import { limitedExport } from "./limited-export.server";
import { type AllRows, batchesOf } from "./row-batches.server";

export interface GridCsvInput<Row> {
  request: Request;
  /** The signed-in user's id: each user may run only so many exports at once (limited-export.server.ts). */
  userId: string;
  definition: GridDefinition;
  timeZone: string;
  /** The grid's run-time filter options, so the export accepts exactly the values the grid accepts. */
  options?: Readonly<Record<string, readonly FilterOption[]>>;
  /** Filters forced whatever the URL says (a provider-only user's provider). */
  locked?: Readonly<Record<string, string[]>>;
  /**
   * Every row the state matches, in grid order: the grid's own query without a page (streamed from
   * the database), or any async iterable of rows.
   */
  rows: (state: GridState) => AllRows<Row>;
  /** The value of each column as the grid shows it. */
  cells: (row: Row) => Readonly<Record<string, string>>;
  /**
   * The export of a query's rows written by a worker thread (decision 0091): the cells writer's
   * name in the worker's registry and its plain context. Rows from an async iterable, and grids
   * without it, are written on the request thread.
   */
  inWorker?: { writer: string; context: unknown };
  /**
   * With `inWorker`, on PostgreSQL: the rows as one CSV cell per column in `columnIds`' order, in
   * SQL, for the database to write the CSV in the worker's place, passed on by the request thread
   * (decisions 0097, 0098).
   */
  inDatabase?: (state: GridState, columnIds: readonly string[]) => Promise<Compilable<unknown>>;
  now?: Date;
}

/**
 * The SELECT whose CSV PostgreSQL writes for this export (decision 0097), when the grid has its
 * cells in SQL and the portal runs on PostgreSQL, with its parameters written in (COPY takes
 * none). A lone column is left to the rows' path: COPY quotes a lone field that reads `\.` (its
 * end-of-data mark), which the portal writes as it is.
 */
async function databaseCsvOf<Row>(
  input: GridCsvInput<Row>,
  source: RowSourceTarget,
  state: GridState,
  columnIds: readonly string[],
): Promise<string | undefined> {
  if (!input.inDatabase || source.dialect !== "postgres" || columnIds.length < 2) return undefined;
  return compileWithLiterals(await input.inDatabase(state, columnIds));
}

/**
 * Any grid's export (`<grid path>.csv?<the grid's query>`): the URL read as the grid reads it,
 * every matching row streamed from the database in the visible columns, named after the grid and
 * today in the user's zone. Within the limits of concurrent exports (429 beyond them). A query's
 * rows are read, formatted and written by a worker thread when the grid names its cells writer
 * (decision 0091), or on PostgreSQL, for a grid with its cells in SQL, written by the database and
 * passed on by the request thread (decisions 0097, 0098); other rows share the event loop with
 * other requests however fast the client reads (streamRows).
 */
export async function gridCsvResponse<Row>(input: GridCsvInput<Row>): Promise<Response> {
  const { definition } = input;
  const { state, today, columns, headerRows } = readExportQuery({
    definition,
    url: new URL(input.request.url),
    timeZone: input.timeZone,
    options: input.options,
    locked: input.locked,
    now: input.now,
  });
  const fileName = definition.csvFileName ?? csvFileName(definition.title, today);
  // Remix drops a HEAD answer's body without cancelling it: a started export would never end.
  if (input.request.method === "HEAD") return new Response(null, { status: 200, headers: csvHeaders(fileName) });
  const onError = (error: unknown) => log.error("A CSV export stopped before its end", { grid: definition.id, error });
  return limitedExport(input.request, input.userId, async () => {
    const spec = { fileName, grid: definition.id, signal: input.request.signal, onError };
    const columnIds = columns.map((column) => column.id);
    const header = headerRows ?? [columns.map((column) => column.label)];
    const rows = await input.rows(state);
    if (input.inWorker && !(Symbol.asyncIterator in rows)) {
      const source = rowSourceTarget();
      const databaseCsv = await databaseCsvOf(input, source, state, columnIds);
      const copy = source.dialect === "postgres" && databaseCsv !== undefined ? await postgresCopyCsv(source.url, databaseCsv) : null;
      if (copy) return chunkedCsvResponse(new CopyCsvChunks(copy, header), spec);
      const compiled = rows.compile();
      const job = {
        writer: input.inWorker.writer,
        context: input.inWorker.context,
        source,
        sql: compiled.sql,
        parameters: compiled.parameters,
        columnIds,
        headerRows: header,
      };
      return chunkedCsvResponse(new CsvWorkerExport(job), spec);
    }
    return csvResponse({
      fileName,
      grid: definition.id,
      columns,
      headerRows,
      rows: batchesOf(rows),
      cells: input.cells,
      signal: input.request.signal,
      onError,
    });
  });
}
