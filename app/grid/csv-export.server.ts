import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { escapeFormula } from "./csv-cell";
import { attachmentDisposition } from "./csv-file-name";
import type { GridColumn } from "./definition";

/**
 * A grid's CSV export as a streamed download (DESIGN.md §4): a header row of the visible columns'
 * labels, then one record per row with the values the grid shows, in the same column order.
 *
 * - RFC 4180: comma separated, CRLF between records, a field holding a comma, a double quote, CR
 *   or LF is quoted and its quotes doubled (csv-stringify's streaming API does the writing).
 * - UTF-8 with a byte order mark (EF BB BF), so Excel reads accented names correctly.
 * - Formula-injection escaping on every cell (see csv-cell.ts for the exact rule).
 * - Bounded memory: rows are read from the database batch by batch as the body is consumed
 *   (the body is a pull stream), so a slow client slows the reading down instead of filling
 *   memory. The client going away (request signal, or the body being cancelled) releases the
 *   database statement. An error once the download has started ends the body with that error:
 *   the client sees a truncated download, and the error is logged.
 */
export interface CsvExport<Row> {
  fileName: string;
  /** The visible columns, in order. */
  columns: readonly Pick<GridColumn, "id" | "label">[];
  /** Batches of rows in grid order, read as the download is consumed (see streamRows). */
  rows: AsyncIterable<readonly Row[]>;
  /** The value of each column as the grid shows it. */
  cells: (row: Row) => Readonly<Record<string, string>>;
  /** The request's signal: when the client goes away, reading stops. */
  signal?: AbortSignal;
  /** Told about an error that ended a download after it started. */
  onError: (error: unknown) => void;
}

/** Bytes handed to the response at a time, about. */
const CHUNK_BYTES = 64 * 1024;
/** Records queued between the row reader and the CSV writer. */
const RECORDS_IN_FLIGHT = 256;

/** A header record, then one record per row: cells in column order, escaped against formulas. */
async function* csvRecords<Row>(
  first: readonly Row[],
  rest: AsyncIterator<readonly Row[]>,
  columns: readonly Pick<GridColumn, "id" | "label">[],
  cells: (row: Row) => Readonly<Record<string, string>>,
): AsyncGenerator<string[], void, undefined> {
  const ids = columns.map((column) => column.id);
  try {
    yield columns.map((column) => escapeFormula(column.label));
    let batch: readonly Row[] | undefined = first;
    while (batch) {
      for (const row of batch) {
        const values = cells(row);
        yield ids.map((id) => escapeFormula(values[id] ?? ""));
      }
      const next = await rest.next();
      batch = next.done ? undefined : next.value;
    }
  } finally {
    // Stopped early or failed: let the row source release its statement or cursor.
    await rest.return?.();
  }
}

function csvBody(records: AsyncGenerator<string[], void, undefined>, signal: AbortSignal | undefined, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const source = Readable.from(records, { objectMode: true, highWaterMark: RECORDS_IN_FLIGHT });
  const writer = stringify({
    bom: true,
    record_delimiter: "windows",
    // With a record delimiter set, csv-stringify would leave a lone CR or LF unquoted.
    quote_record_delimiter: true,
    readableHighWaterMark: CHUNK_BYTES,
    writableHighWaterMark: RECORDS_IN_FLIGHT,
  });
  // Errors are reported through the chunk iterator below; the callback only keeps them handled.
  pipeline(source, writer, () => undefined);
  const chunks: AsyncIterator<Buffer> = writer[Symbol.asyncIterator]();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    writer.destroy();
  };
  signal?.addEventListener("abort", stop, { once: true });
  const done = () => signal?.removeEventListener("abort", stop);

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          // The writer hands out what it has, often a single record: gather about CHUNK_BYTES, so
          // the response (and its compression) works on large writes.
          const parts: Buffer[] = [];
          let size = 0;
          let finished = false;
          while (size < CHUNK_BYTES) {
            const next = await chunks.next();
            if (next.done) {
              finished = true;
              break;
            }
            parts.push(next.value);
            size += next.value.byteLength;
          }
          if (size > 0) controller.enqueue(new Uint8Array(Buffer.concat(parts, size)));
          if (finished) {
            done();
            controller.close();
          }
        } catch (error) {
          done();
          if (stopped) {
            controller.close();
            return;
          }
          stop();
          onError(error);
          controller.error(error);
        }
      },
      cancel() {
        done();
        stop();
      },
    },
    // Pull only when the response asks for more: the database is read at the client's pace.
    { highWaterMark: 0 },
  );
}

/**
 * The download. The first batch is read before the response starts, so a query that cannot run
 * at all fails the request (an error page) instead of sending an empty file.
 */
export async function csvResponse<Row>(spec: CsvExport<Row>): Promise<Response> {
  const rows = spec.rows[Symbol.asyncIterator]();
  const first = await rows.next();
  const records = csvRecords(first.done ? [] : first.value, rows, spec.columns, spec.cells);
  return new Response(csvBody(records, spec.signal, spec.onError), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(spec.fileName),
      "Cache-Control": "no-store",
    },
  });
}
