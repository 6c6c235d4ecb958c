import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cellDateTime, DATE_FORMATS, formatInstant, formatReading, type DateFormatName } from "~/lib/date-format";
import { zoneReadingMs } from "~/lib/zone-clock";

dayjs.extend(utc);
dayjs.extend(timezone);

const NAMES = Object.keys(DATE_FORMATS) as DateFormatName[];

/** Zones with daylight saving, half- and quarter-hour offsets, switches on half hours, and none at all. */
const ZONES = [
  "America/Chicago",
  "America/St_Johns",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Adelaide",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Honolulu",
  "UTC",
];

/** A clock's reading in a zone asked of Intl for this one instant: what the cached offsets must reproduce. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function intlReading(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  const formatter =
    formatters.get(zone) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  formatters.set(zone, formatter);
  for (const part of formatter.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + (ms - Math.floor(ms / 1000) * 1000);
}

const instants = fc.date({ min: new Date("1971-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true });

describe("the date formats (decision 0070)", () => {
  it("names the spec's formats", () => {
    expect(DATE_FORMATS.table).toBe("DD-MMM-YY hh:mm A");
    expect(DATE_FORMATS.detail).toBe("DD-MMM-YYYY hh:mm:ss A");
    expect(DATE_FORMATS.configuration).toBe("MMM DD, YYYY hh:mm:ss A");
    expect(DATE_FORMATS.csv).toBe("YYYY-MM-DD HH:mm:ss");
  });

  it("writes every format as dayjs writes its pattern, for any instant", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...NAMES), (instant, name) => {
        expect(formatInstant(instant, "UTC", name)).toBe(dayjs.utc(instant).format(DATE_FORMATS[name]));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes instants before 1970 and after 2099, and runs of the same day in any order, as dayjs does (the writer keeps the last day)", () => {
    const wide = fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true });
    // Several instants within a few days of one another, as an export's rows come, then shuffled.
    const runs = fc.tuple(wide, fc.array(fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }), { minLength: 2, maxLength: 30 }), fc.boolean());
    fc.assert(
      fc.property(runs, fc.constantFrom(...NAMES), ([anchor, steps, sorted], name) => {
        const times = steps.map((step) => anchor.getTime() + step);
        if (sorted) times.sort((a, b) => a - b);
        for (const ms of times) expect(formatInstant(new Date(ms), "UTC", name)).toBe(dayjs.utc(ms).format(DATE_FORMATS[name]));
      }),
      { numRuns: 1000 },
    );
  });

  it("writes an instant as dayjs does in the zone, in every kind of zone", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), fc.constantFrom(...NAMES), (instant, zone, name) => {
        expect(formatInstant(instant.toISOString(), zone, name)).toBe(dayjs(instant).tz(zone).format(DATE_FORMATS[name]));
      }),
      { numRuns: 500 },
    );
  });

  it("reads the zone's clock as Intl does, every 3 hours 13 minutes 13 seconds through two years", () => {
    const start = Date.parse("2025-01-01T00:00:00.000Z");
    const end = Date.parse("2027-01-01T00:00:00.000Z");
    for (const zone of ZONES) {
      const mismatches: string[] = [];
      for (let at = start; at < end; at += 11_593_000) {
        const ms = at + (at % 997);
        if (zoneReadingMs(ms, zone) !== intlReading(ms, zone)) mismatches.push(`${zone} ${new Date(ms).toISOString()}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    }
  });

  it("reads the zone's clock as Intl does every 7 seconds for three hours around daylight-saving switches", () => {
    const switches: Array<[string, string]> = [
      ["America/Chicago", "2026-03-08T08:00:00.000Z"],
      ["America/Chicago", "2026-11-01T07:00:00.000Z"],
      ["Australia/Lord_Howe", "2026-04-05T15:00:00.000Z"],
      ["Australia/Adelaide", "2026-04-04T16:30:00.000Z"],
      ["Pacific/Chatham", "2026-04-05T14:00:00.000Z"],
    ];
    for (const [zone, around] of switches) {
      const mismatches: string[] = [];
      for (let at = Date.parse(around) - 5_400_000; at < Date.parse(around) + 5_400_000; at += 7000) {
        if (zoneReadingMs(at, zone) !== intlReading(at, zone)) mismatches.push(`${zone} ${new Date(at).toISOString()}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    }
  });

  it("writes a grid cell's reading again in any format as the instant would be written", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), fc.constantFrom(...NAMES), (instant, zone, name) => {
        expect(formatReading(cellDateTime(instant, zone), name)).toBe(formatInstant(instant, zone, name));
      }),
      { numRuns: 1000 },
    );
  });

  it("writes a calendar day, and leaves text that is no date or day as it is", () => {
    expect(formatReading("2026-11-05", "tableDay")).toBe("05-Nov-26");
    expect(formatReading("2026-11-05", "month")).toBe("Nov 2026");
    expect(formatReading("2026-11-23", "week")).toBe("Nov 23");
    for (const text of ["", "not a date", "2026-02-30", "2026-13-01 10:00:00", "Nov 23, 2026 11:44:04 PM CST"]) expect(formatReading(text, "table")).toBe(text);
  });

  it("writes nothing for no instant or an unreadable one, and reads an unknown zone as America/Chicago", () => {
    expect(formatInstant(undefined, "UTC", "detail")).toBe("");
    expect(formatInstant("not a date", "UTC", "detail")).toBe("");
    expect(formatInstant(new Date(Number.NaN), "UTC", "detail")).toBe("");
    expect(formatInstant("2026-01-15T18:30:05Z", "America/Chicago", "detail")).toBe("15-Jan-2026 12:30:05 PM");
    expect(formatInstant("2026-01-15T18:30:05Z", "Nowhere/Land", "detail")).toBe("15-Jan-2026 12:30:05 PM");
  });
});
