/**
 * A PostgreSQL `timestamp` (without time zone, stored as UTC) as the ISO instant the portal uses
 * everywhere, as SQLite stores it: `2026-11-30 00:28:11.383456` -> `2026-11-30T00:28:11.383Z`.
 *
 * PostgreSQL writes a timestamp as `YYYY-MM-DD HH:MM:SS` with up to six fractional digits; that
 * form is rewritten as text (milliseconds truncated, as Date truncates them), which is a tenth
 * of the cost of parsing a Date and writing it back: 1.36 s per million values against 0.12 s,
 * and an export reads one per row (decision 0083). Anything else (years past 9999, BC, infinity)
 * goes through Date as before. A property test holds the two paths to the same answer.
 */
const PLAIN_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;

export function timestampToIso(text: string): string {
  const parts = PLAIN_TIMESTAMP.exec(text);
  if (!parts) return timestampToIsoThroughDate(text);
  return `${parts[1]}T${parts[2]}.${(parts[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
}

/** The general path (and the reference the fast one is tested against). */
export function timestampToIsoThroughDate(text: string): string {
  return new Date(`${text.replace(" ", "T")}Z`).toISOString();
}

/** A `timestamptz` as a session in UTC writes it: the timestamp's form with the offset `+00`. */
const UTC_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?)\+00$/;

/**
 * A PostgreSQL `timestamptz` as the portal's ISO instant: `2026-11-30 00:28:11.383456+00` ->
 * `2026-11-30T00:28:11.383Z`. The portal's columns are `timestamptz` and its sessions run in UTC
 * (PostgreSQL's default TimeZone on Debian is Etc/UTC), so every value of an export came through
 * `new Date(text)`, which parses this form slowly: 16.7 of the 122 CPU-s of a ten-million-row export
 * (decision 0091). The UTC form is rewritten as text as timestampToIso does; any other offset,
 * era or infinity goes through Date as before.
 */
export function timestamptzToIso(text: string): string {
  const utc = UTC_TIMESTAMPTZ.exec(text);
  return utc ? timestampToIso(utc[1]) : new Date(text).toISOString();
}
