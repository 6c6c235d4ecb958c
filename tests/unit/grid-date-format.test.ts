import { describe, expect, it } from "vitest";
import { formatGridDateTime } from "~/lib/grid-date-format";

/** The format written directly with Intl, one call per date: what the fast path must reproduce. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function intlFormat(iso: string, timeZone: string): string {
  const parts: Record<string, string> = {};
  const formatter = formatters.get(timeZone) ?? new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: true,
    timeZoneName: "short",
  });
  formatters.set(timeZone, formatter);
  for (const part of formatter.formatToParts(new Date(iso))) parts[part.type] = part.value;
  const hour = parts.hour === "00" ? "12" : parts.hour;
  return `${parts.month} ${parts.day}, ${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

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

describe("grid date format", () => {
  it("gives exactly what Intl gives, every 3 hours 13 minutes 13 seconds through two years, in every kind of zone", () => {
    const start = Date.parse("2025-01-01T00:00:00.000Z");
    const end = Date.parse("2027-01-01T00:00:00.000Z");
    for (const zone of ZONES) {
      const mismatches: string[] = [];
      for (let at = start; at < end; at += 11_593_000) {
        const iso = new Date(at + (at % 997)).toISOString();
        const got = formatGridDateTime(iso, zone);
        const want = intlFormat(iso, zone);
        if (got !== want) mismatches.push(`${zone} ${iso}: ${got} != ${want}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    }
  });

  it("gives exactly what Intl gives every 7 seconds for three hours around daylight-saving switches", () => {
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
        const iso = new Date(at).toISOString();
        if (formatGridDateTime(iso, zone) !== intlFormat(iso, zone)) mismatches.push(`${zone} ${iso}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    }
  });
});
