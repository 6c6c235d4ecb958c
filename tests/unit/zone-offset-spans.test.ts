import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zoneReadingMs } from "~/lib/zone-clock";
import { type ZoneOffsetSpan, zoneOffsetSpans } from "~/lib/zone-offset-spans";

const FROM = Date.UTC(2000, 0, 1);
const UNTIL = Date.UTC(2040, 0, 1);
/** Zones with daylight saving, half-hour rules (Lord Howe), none (Kolkata), and Casablanca's Ramadan switches. */
const ZONES = ["America/Chicago", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Africa/Casablanca", "America/Sao_Paulo"];

function offsetIn(spans: readonly ZoneOffsetSpan[], ms: number): number {
  let offset = spans[0].offsetMs;
  for (const span of spans) if (span.fromMs <= ms) offset = span.offsetMs;
  return offset;
}

describe("zoneOffsetSpans", () => {
  it.each(ZONES)("gives %s the offset the page's own clock reads at any instant, transitions to the second", async (zone) => {
    const spans = await zoneOffsetSpans(zone, FROM, UNTIL);
    expect(spans[0].fromMs).toBe(FROM);
    for (let index = 1; index < spans.length; index++) {
      expect(spans[index].fromMs).toBeGreaterThan(spans[index - 1].fromMs);
      expect(spans[index].offsetMs).not.toBe(spans[index - 1].offsetMs);
      // The second before a span's start still reads the previous offset.
      expect(zoneReadingMs(spans[index].fromMs - 1000, zone) - (spans[index].fromMs - 1000)).toBe(spans[index - 1].offsetMs);
      expect(zoneReadingMs(spans[index].fromMs, zone) - spans[index].fromMs).toBe(spans[index].offsetMs);
    }
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: UNTIL - 1 }), (ms) => {
        expect(offsetIn(spans, ms)).toBe(zoneReadingMs(ms, zone) - ms);
      }),
      { numRuns: 500 },
    );
  });

  it("finds Chicago's two switches a year (80 over 2000-2039) and none in Kolkata", async () => {
    expect((await zoneOffsetSpans("America/Chicago", FROM, UNTIL)).length).toBe(1 + 80);
    expect(await zoneOffsetSpans("Asia/Kolkata", FROM, UNTIL)).toEqual([{ fromMs: FROM, offsetMs: 330 * 60_000 }]);
  });
});
