import type { SeedValue } from "./columns";

/**
 * PostgreSQL COPY text format: tab-separated fields, one row per line, \N for null, and
 * backslash escapes for backslash, newline, carriage return and tab inside a value.
 */
const NEEDS_ESCAPE = /[\\\n\r\t]/;

function escapeText(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t"));
}

export function copyField(value: SeedValue): string {
  if (value === null) return "\\N";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value} in a COPY field`);
    return String(value);
  }
  return NEEDS_ESCAPE.test(value) ? escapeText(value) : value;
}

export function copyLine(values: readonly SeedValue[]): string {
  let line = copyField(values[0]);
  for (let i = 1; i < values.length; i++) line += "\t" + copyField(values[i]);
  return line + "\n";
}
