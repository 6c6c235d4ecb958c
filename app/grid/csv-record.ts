import { escapeFormula } from "./csv-cell";

/**
 * One CSV record as the portal writes it (RFC 4180): fields separated by commas, CRLF at the end;
 * a field holding a comma, a double quote, a CR or an LF is quoted and its quotes doubled; every
 * cell formula-escaped first (csv-cell.ts). The output is byte for byte what csv-stringify writes
 * with `record_delimiter: "windows"` and `quote_record_delimiter: true` (a property test holds it
 * to that), at a quarter of its cost: csv-stringify checks a dozen options per field and was
 * most of an export's CPU time (decision 0083).
 */
const NEEDS_QUOTES = /[",\r\n]/;
/** A cell that needs either: one test for the many cells that need neither (most of them). */
const NEEDS_WORK = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]|[",\r\n]/;

export function csvField(cell: string): string {
  if (!NEEDS_WORK.test(cell)) return cell;
  const escaped = escapeFormula(cell);
  return NEEDS_QUOTES.test(escaped) ? `"${escaped.replaceAll('"', '""')}"` : escaped;
}

export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** The record of a row's cells by column id, in the order of `ids` (a missing cell is empty), without an array between: an export's hot path. */
export function csvRecordOf(cells: Readonly<Record<string, string>>, ids: readonly string[]): string {
  let record = "";
  for (let index = 0; index < ids.length; index++) {
    if (index > 0) record += ",";
    record += csvField(cells[ids[index]] ?? "");
  }
  return `${record}\r\n`;
}

/** The UTF-8 byte order mark a download starts with, so Excel reads accented names correctly. */
export const UTF8_BOM = "\uFEFF";
