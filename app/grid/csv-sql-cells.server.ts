import { type Expression, sql, type RawBuilder } from "kysely";
import { type ZoneOffsetSpan, zoneOffsetSpansCached } from "~/lib/zone-offset-spans";

/**
 * A grid's cells written by PostgreSQL itself, for an export whose CSV the database writes
 * (`COPY (…) TO STDOUT WITH (FORMAT csv)`, decision 0097). Each expression's value, as COPY writes
 * it, is byte for byte the field csv-record.ts writes for the grid's own cell:
 * - the cell is formula-escaped here (csv-cell.ts: one apostrophe before a cell whose first
 *   character is = + - @ TAB CR or ＝ ＋ － ＠);
 * - COPY quotes a field holding a comma, a double quote, a CR or an LF and doubles its quotes,
 *   exactly the portal's rule; it writes NULL as an empty field and an empty string as `""`, so
 *   an empty cell is NULL here;
 * - COPY ends records with LF where the portal writes CRLF: the worker changes the ends
 *   (csv-worker/crlf-records.ts).
 * A test writes generated rows both ways and compares the bytes (tests/unit/csv-sql-cells.test.ts).
 */
export type CsvSqlCell = RawBuilder<string | null>;

/** The first characters that make a cell a formula (csv-cell.ts), as the code points `ascii()` gives. */
const FORMULA_CODE_POINTS = sql.raw([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0xff1d, 0xff0b, 0xff0d, 0xff20].join(", "));

/** A text, formula-escaped; `otherwise` is what a text that needs no escaping becomes (itself by default). */
function formulaEscaped(text: Expression<string | null>, otherwise: Expression<string | null> = text): CsvSqlCell {
  return sql<string | null>`case when ascii(${text}) in (${FORMULA_CODE_POINTS}) then '''' || ${text} else ${otherwise} end`;
}

/** A text column's cell (the grid shows the value as it is; none is empty). */
export function csvTextCell(column: Expression<string | null>): CsvSqlCell {
  return formulaEscaped(column, sql<string | null>`nullif(${column}, '')`);
}

/** An integer column's cell: its decimal digits (String(n)); a negative number starts with "-", a formula trigger. */
export function csvIntegerCell(column: Expression<number | null>): CsvSqlCell {
  return sql<string | null>`case when ${column} < 0 then '''' || ${column}::text else ${column}::text end`;
}

/** A 0/1 flag's cell: `yes` for 1, `no` for anything else (NULL included), as the grid's cells write it. */
export function csvFlagCell(column: Expression<number | null>, yes: string, no: string): CsvSqlCell {
  return sql<string | null>`case when ${column} = 1 then ${sql.lit(yes)} else ${sql.lit(no)} end`;
}

/**
 * The characters JavaScript's `trim()` removes (WhiteSpace and LineTerminator): the literal for
 * `btrim(text, …)`, written as PostgreSQL escapes. A test compares it with `trim()` over every
 * character of the Basic Multilingual Plane (no whitespace lies above it).
 */
export const JS_TRIMMED_CODE_POINTS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
];
const JS_TRIMMED_LIST = sql.raw(JS_TRIMMED_CODE_POINTS.join(", "));
const JS_TRIMMED_TEXT = sql.raw(`U&'${JS_TRIMMED_CODE_POINTS.map((point) => `\\${point.toString(16).padStart(4, "0")}`).join("")}'`);

/** The string's length in UTF-16 code units (JavaScript's `length`): a character above U+FFFF counts twice. */
function utf16Length(text: Expression<string | null>): RawBuilder<number> {
  return sql<number>`(2 * char_length(${text}) - char_length(regexp_replace(${text}, '[\\U00010000-\\U0010FFFF]', '', 'g')))`;
}

/**
 * A text trimmed as JavaScript's `trim()` does and left-padded with zeros to six UTF-16 code units
 * as `padStart(6, "0")` does (never cut), or `absent` when nothing is left: the Transactions
 * grid's License # (displayLicense). Most stored licenses start and end with a digit and are six
 * long already: they skip the trim.
 */
export function csvPaddedCell(column: Expression<string | null>, width: number, absent: string): CsvSqlCell {
  const trimmed = sql<string | null>`btrim(${column}, ${JS_TRIMMED_TEXT})`;
  const padded = sql<string>`repeat('0', ${sql.lit(width)} - ${utf16Length(trimmed)}) || ${trimmed}`;
  return sql<string | null>`case
    when ${column} is null then ${sql.lit(absent)}
    when char_length(${column}) >= ${sql.lit(width)} and ascii(${column}) not in (${JS_TRIMMED_LIST}) and ascii(right(${column}, 1)) not in (${JS_TRIMMED_LIST}) then ${formulaEscaped(column)}
    when ${trimmed} = '' then ${sql.lit(absent)}
    when ${utf16Length(trimmed)} >= ${sql.lit(width)} then ${formulaEscaped(trimmed)}
    else ${padded}
  end`;
}

/** The zone an export's instants are read in, with the runtime's offsets over the years data is expected in. */
export interface CsvSqlZone {
  timeZone: string;
  spans: readonly ZoneOffsetSpan[];
  untilMs: number;
}

/** The stretch whose offsets come from the runtime: a scan portal's data is from this century, and a little ahead. */
const ZONE_RULES_FROM_MS = Date.UTC(2000, 0, 1);
const ZONE_RULES_UNTIL_MS = Date.UTC(2040, 0, 1);

export async function csvSqlZone(timeZone: string): Promise<CsvSqlZone> {
  return { timeZone, spans: await zoneOffsetSpansCached(timeZone, ZONE_RULES_FROM_MS, ZONE_RULES_UNTIL_MS), untilMs: ZONE_RULES_UNTIL_MS };
}

const isoInstant = (ms: number) => sql.lit(new Date(ms).toISOString());

/** The offset of the span holding the instant, by halving the list: a CASE as deep as log2 of its length. */
function offsetOfSpans(instant: Expression<unknown>, spans: readonly ZoneOffsetSpan[]): RawBuilder<unknown> {
  if (spans.length === 1) return sql`interval ${sql.lit(`${spans[0].offsetMs / 1000} seconds`)}`;
  const middle = Math.floor(spans.length / 2);
  return sql`case when ${instant} < timestamptz ${isoInstant(spans[middle].fromMs)} then ${offsetOfSpans(instant, spans.slice(0, middle))} else ${offsetOfSpans(instant, spans.slice(middle))} end`;
}

/**
 * An instant's cell: the zone's reading as "YYYY-MM-DD HH:mm:ss" (cellDateTime), the seconds'
 * fraction cut. Between the spans' start and `untilMs` the offsets are the runtime's own
 * (zone-offset-spans.ts), so the database writes exactly what the page shows; outside, the
 * database's own rules for the zone. The connection's DateStyle must be ISO (the worker sets it).
 */
export function csvInstantCell(column: Expression<unknown>, { timeZone, spans, untilMs }: CsvSqlZone): CsvSqlCell {
  const within = sql`(${column} at time zone 'UTC') + ${offsetOfSpans(column, spans)}`;
  const reading = sql`case when ${column} >= timestamptz ${isoInstant(spans[0].fromMs)} and ${column} < timestamptz ${isoInstant(untilMs)} then ${within} else ${column} at time zone ${sql.lit(timeZone)} end`;
  return sql<string | null>`date_trunc('second', ${reading})::text`;
}
