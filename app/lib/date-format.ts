import { zoneReadingMs } from "./zone-clock";

/**
 * The portal's date formats: one per kind of date (decision 0070), in dayjs's format syntax. Every
 * date the portal shows or exports is written by this module in one of them.
 */
export const DATE_FORMATS = {
  /** A grid cell, and every table of dates (workflow logs, reports, versions): spec "tables DD-MMM-YY hh:mm A". */
  table: "DD-MMM-YY hh:mm A",
  /** A calendar day in a table (the Adoption Report's activation and first scan dates). */
  tableDay: "DD-MMM-YY",
  /** A date on its own in a detail view, a dialog, a stamp ('Last Refreshed', 'Checked at'), a hover. */
  detail: "DD-MMM-YYYY hh:mm:ss A",
  /** Everything on the Configurations screen: spec "configuration screen MMM DD, YYYY hh:mm:ss A". */
  configuration: "MMM DD, YYYY hh:mm:ss A",
  /** A CSV export's dates (spec "YYYY-MM-DD HH:mm:ss"), in the zone its date columns' headers name. */
  csv: "YYYY-MM-DD HH:mm:ss",
  /** A calendar day in a CSV export. */
  csvDay: "YYYY-MM-DD",
  /** A month of a chart or report ('Nov 2026'). */
  month: "MMM YYYY",
  /** A week of a chart, by its Monday ('Nov 23'). */
  week: "MMM DD",
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "00" to "99": two digits without a branch and a string made per field. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, "0"));

/** A zone's reading (zone-clock.ts) by its fields, as the tokens below read them. */
interface ReadingFields {
  year: number;
  /** 0-11. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const DAY_MS = 86_400_000;

/**
 * The fields of a reading: the calendar day from a Date once per day (the last day is kept, and an
 * export's rows come in date order), the time of day by arithmetic. A million date cells cost
 * 280-286 ms of CPU this way, 425-451 ms with a Date and six UTC getters each (decision 0099).
 */
const fields: ReadingFields = { year: 1970, month: 0, day: 1, hours: 0, minutes: 0, seconds: 0 };
let fieldsDay = 0;

function readFields(readingMs: number): ReadingFields {
  const dayNumber = Math.floor(readingMs / DAY_MS);
  if (dayNumber !== fieldsDay) {
    const midnight = new Date(dayNumber * DAY_MS);
    fields.year = midnight.getUTCFullYear();
    fields.month = midnight.getUTCMonth();
    fields.day = midnight.getUTCDate();
    fieldsDay = dayNumber;
  }
  const secondOfDay = Math.floor((readingMs - dayNumber * DAY_MS) / 1000);
  fields.hours = Math.floor(secondOfDay / 3600);
  fields.minutes = Math.floor(secondOfDay / 60) % 60;
  fields.seconds = secondOfDay % 60;
  return fields;
}

/** What each of dayjs's tokens used above writes, read from a zone's reading. */
const TOKENS: Readonly<Record<string, (reading: ReadingFields) => string>> = {
  YYYY: (reading) => String(reading.year).padStart(4, "0"),
  YY: (reading) => String(reading.year).slice(-2),
  MMM: (reading) => MONTHS[reading.month],
  MM: (reading) => TWO_DIGITS[reading.month + 1],
  DD: (reading) => TWO_DIGITS[reading.day],
  HH: (reading) => TWO_DIGITS[reading.hours],
  hh: (reading) => TWO_DIGITS[reading.hours % 12 || 12],
  mm: (reading) => TWO_DIGITS[reading.minutes],
  ss: (reading) => TWO_DIGITS[reading.seconds],
  A: (reading) => (reading.hours < 12 ? "AM" : "PM"),
};
const TOKEN = /YYYY|YY|MMM|MM|DD|HH|hh|mm|ss|A/g;

/** Writes a reading given in milliseconds (a zone's clock read as if it were UTC). */
type Writer = (readingMs: number) => string;

/**
 * A pattern turned into a writer once. dayjs's own format() costs ~8 us a call, which would take
 * the Transactions CSV below its 50,000 rows/s; this writes the same text (a unit test compares
 * them with dayjs over generated instants) in well under a microsecond.
 */
function compile(pattern: string): Writer {
  const pieces: Array<string | ((reading: ReadingFields) => string)> = [];
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    if (match.index > last) pieces.push(pattern.slice(last, match.index));
    pieces.push(TOKENS[match[0]]);
    last = match.index + match[0].length;
  }
  if (last < pattern.length) pieces.push(pattern.slice(last));
  return (readingMs) => {
    const reading = readFields(readingMs);
    let text = "";
    for (const piece of pieces) text += typeof piece === "string" ? piece : piece(reading);
    return text;
  };
}

const WRITERS = Object.fromEntries(Object.entries(DATE_FORMATS).map(([name, pattern]) => [name, compile(pattern)])) as Record<DateFormatName, Writer>;

/** The latest instant a Date holds (±8.64e15 ms). */
const DATE_LIMIT_MS = 8.64e15;

/**
 * An instant (ISO text or a Date) as a clock in the zone reads it, in a named format; "" for none
 * or one that cannot be read. An unknown zone reads as America/Chicago.
 */
export function formatInstant(instant: string | Date | null | undefined, timeZone: string, format: DateFormatName): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const ms = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms) || Math.abs(ms) > DATE_LIMIT_MS - 86_400_000) return "";
  const reading = zoneReadingMs(ms, timeZone);
  return Number.isFinite(reading) ? WRITERS[format](reading) : "";
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * A zone's date and time as a grid cell holds it (the CSV's "2026-11-28 14:08:49", already read in
 * the grid's zone) or a calendar day ("2026-11-28"), in another named format; any other text as it
 * is. No zone is involved: the reading is written as it stands, the same on the server and in the
 * browser.
 */
export function formatReading(text: string, format: DateFormatName): string {
  const match = LOCAL.exec(text);
  if (!match) return text;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const reading = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  reading.setUTCFullYear(year);
  return reading.getUTCMonth() === month - 1 && reading.getUTCDate() === day ? WRITERS[format](reading.getTime()) : text;
}

/**
 * A grid cell's date and time: the zone's reading in the CSV's form, which the CSV writes as it is
 * and the grid shows in its column's style (cellDisplay).
 */
export function cellDateTime(instant: string | Date | null | undefined, timeZone: string): string {
  return formatInstant(instant, timeZone, "csv");
}
