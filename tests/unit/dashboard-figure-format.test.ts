import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abbreviateCount, formatMinutes, formatPercentChange, percentChange } from "~/modules/dashboard/figure-format";
import { parseInterval, recentPeriods, sinceLabel } from "~/modules/dashboard/periods";

describe("the cards' numbers (dashboards spec §9)", () => {
  it("abbreviates counts with K, M, B and T and two decimals", () => {
    expect([999, 1000, 1234, 1_500_000, 2_345_678_901, 7e12].map(abbreviateCount)).toEqual(["999", "1.00K", "1.23K", "1.50M", "2.35B", "7.00T"]);
  });

  it("writes the percent change with two decimals and '+' for a rise, none without a previous figure", () => {
    expect(formatPercentChange(percentChange(150, 100))).toBe("+50.00%");
    expect(formatPercentChange(percentChange(50, 100))).toBe("-50.00%");
    expect(formatPercentChange(percentChange(100, 100))).toBe("0.00%");
    expect(formatPercentChange(percentChange(5, 0))).toBeNull();
    expect(formatMinutes(150_000)).toBe("2.50 min");
    expect(sinceLabel("WEEK")).toBe("Since last week");
    expect(sinceLabel("MONTH")).toBe("Since last month");
  });

  it("reads the interval from a URL whatever its case, and nothing else", () => {
    expect([parseInterval("week"), parseInterval("MONTH"), parseInterval("year"), parseInterval(null)]).toEqual(["WEEK", "MONTH", null, null]);
  });

  // Five rows at most is also why the spec's trim of a failed-scan series longer than five never fires (decision 0049).
  it("gives five consecutive periods that tile time, the last holding now, whatever the instant", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }), fc.constantFrom("WEEK" as const, "MONTH" as const), (now, interval) => {
        const periods = recentPeriods(interval, now);
        expect(periods).toHaveLength(5);
        for (let index = 1; index < periods.length; index++) expect(periods[index].start).toBe(periods[index - 1].end);
        const last = periods[4];
        expect(last.inProgress).toBe(true);
        expect(Date.parse(last.start)).toBeLessThanOrEqual(now.getTime());
        expect(Date.parse(last.end)).toBeGreaterThan(now.getTime());
      }),
      { numRuns: 300 },
    );
  });
});
