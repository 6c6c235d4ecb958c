import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timestamptzToIso, timestampToIso, timestampToIsoThroughDate } from "~/db/pg-timestamp";

/** PostgreSQL's text form of a timestamp, with 0 to 6 fractional digits. */
function postgresText(instant: Date, digits: number, fraction: string): string {
  const iso = instant.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${digits === 0 ? "" : `.${fraction.slice(0, digits)}`}`;
}

/** Any timestamp PostgreSQL writes in years 1-9999, with 0 to 6 fractional digits. */
const postgresTimestampText = fc
  .tuple(
    fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }),
    fc.integer({ min: 0, max: 6 }),
    fc.stringMatching(/^\d{6}$/),
  )
  .map(([instant, digits, fraction]) => postgresText(instant, digits, fraction));

describe("timestampToIso", () => {
  it("answers what parsing a Date answers, for any timestamp PostgreSQL writes in years 1-9999", () => {
    fc.assert(
      fc.property(postgresTimestampText, (text) => {
        expect(timestampToIso(text)).toBe(timestampToIsoThroughDate(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("writes milliseconds truncated, and leaves other forms to Date", () => {
    expect(timestampToIso("2026-11-30 00:28:11.383456")).toBe("2026-11-30T00:28:11.383Z");
    expect(timestampToIso("2026-11-30 00:28:11.9999")).toBe("2026-11-30T00:28:11.999Z");
    expect(timestampToIso("2026-11-30 00:28:11.5")).toBe("2026-11-30T00:28:11.500Z");
    expect(timestampToIso("2026-11-30 00:28:11")).toBe("2026-11-30T00:28:11.000Z");
    expect(timestampToIso("2026-11-30T00:28:11")).toBe("2026-11-30T00:28:11.000Z");
  });
});

describe("timestamptzToIso", () => {
  it("answers for a UTC session's form (offset +00) what the timestamp without the offset answers, in years 1-9999", () => {
    fc.assert(
      fc.property(postgresTimestampText, (text) => {
        expect(timestamptzToIso(`${text}+00`)).toBe(timestampToIsoThroughDate(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("reads other offsets through Date, as before", () => {
    expect(timestamptzToIso("2026-11-30 00:28:11.383456+00")).toBe("2026-11-30T00:28:11.383Z");
    expect(timestamptzToIso("2026-11-30 01:28:11.383+01")).toBe("2026-11-30T00:28:11.383Z");
    expect(timestamptzToIso("2026-11-29 18:58:11-05:30")).toBe("2026-11-30T00:28:11.000Z");
  });
});
