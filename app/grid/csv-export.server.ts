import { exportMeter } from "~/lib/metrics.server";
import { attachmentDisposition } from "./csv-file-name";
import { csvRecord, csvRecordOf, UTF8_BOM } from "./csv-record";
import type { GridColumn } from "./definition";

/**
 * A grid's CSV export as a streamed download (DESIGN.md §4): a header row of the visible columns'
 * labels (or a grouped grid's header rows, csv-header.ts), then one record per row with the values the grid shows, in the same column order.
 *
 * - RFC 4180: comma separated, CRLF between records, a field holding a comma, a double quote, CR
 *   or LF is quoted and its quotes doubled (csv-record.ts).
 * - UTF-8 with a byte order mark (EF BB BF), so Excel reads accented names correctly.
 * - Formula-injection escaping on every cell (see csv-cell.ts for the exact rule).
 * - Bounded memory: the body is a pull stream; each pull reads the next batches of rows from the
 *   database until about CHUNK_BYTES of CSV are ready, so a slow client slows the reading down
 *   instead of filling memory. The client going away (request signal, or the body being
 *   cancelled) releases the database statement. An error once the download has started ends the
 *   body with that error: the client sees a truncated download, and the error is reported.
 */
export interface CsvExport<Row> {
  fileName: string;
  /** The grid's id, which the export's metrics are counted under. */
  grid: string;
  /** The visible columns, in order. */
  columns: readonly Pick<GridColumn, "id" | "label">[];
  /** The header (one row, or a grouped grid's two); the columns' labels when not given. */
  headerRows?: readonly (readonly string[])[];
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

function csvBody<Row>(
  first: readonly Row[],
  rest: AsyncIterator<readonly Row[]>,
  spec: Pick<CsvExport<Row>, "grid" | "columns" | "headerRows" | "cells" | "signal" | "onError">,
): ReadableStream<Uint8Array> {
  const ids = spec.columns.map((column) => column.id);
  const meter = exportMeter(spec.grid);
  // Text written and not yet handed to the response.
  let text = UTF8_BOM;
  for (const header of spec.headerRows ?? [spec.columns.map((column) => column.label)]) text += csvRecord(header);
  let pending: readonly Row[] | undefined = first;
  let stopped = false;

  const release = () => {
    spec.signal?.removeEventListener("abort", stop);
    text = "";
    // Let the row source release its statement or cursor (a finished source ignores this).
    void rest.return?.().catch(() => undefined);
  };
  function stop() {
    if (stopped) return;
    stopped = true;
    meter.end("cancelled");
    release();
  }
  spec.signal?.addEventListener("abort", stop, { once: true });
  // The client may have gone while the first batch was read: that abort has fired already.
  if (spec.signal?.aborted) stop();

  const writeRows = (rows: readonly Row[]) => {
    meter.rows(rows.length);
    for (const row of rows) text += csvRecordOf(spec.cells(row), ids);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let finished = false;
          // Characters, not bytes: close enough to bound a chunk (most cells are ASCII).
          while (text.length < CHUNK_BYTES && !stopped) {
            const rows = pending ?? (await rest.next().then((next) => (next.done ? undefined : next.value)));
            pending = undefined;
            if (!rows) {
              finished = true;
              break;
            }
            writeRows(rows);
          }
          if (stopped) {
            controller.close();
            return;
          }
          if (text.length > 0) {
            const chunk = Buffer.from(text, "utf8");
            text = "";
            meter.bytes(chunk.byteLength);
            controller.enqueue(chunk);
          }
          if (finished) {
            meter.end("complete");
            stopped = true;
            release();
            controller.close();
          }
        } catch (error) {
          if (stopped) {
            controller.close();
            return;
          }
          meter.end("failed");
          stop();
          spec.onError(error);
          controller.error(error);
        }
      },
      cancel() {
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
  return new Response(csvBody(first.done ? [] : first.value, rows, spec), { status: 200, headers: csvHeaders(spec.fileName) });
}

/** The headers of a CSV download (also the whole answer to a HEAD request, which reads nothing). */
export function csvHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": attachmentDisposition(fileName),
    "Cache-Control": "no-store",
  };
}
