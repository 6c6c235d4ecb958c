import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinutes, formatPercentChange, percentChange, scanTimeFigure } from "~/modules/dashboard/figure-format";
import { countFigure, figureName } from "~/modules/dashboard/kpi-cards";
import { parseInterval, recentPeriods, sinceLabel } from "~/modules/dashboard/periods";

describe("the cards' numbers (dashboards spec §9, decision 0070)", () => {
  it("shows a count exactly below a million, in the spec's short form from there with the exact value beside it", () => {
    expect(countFigure(2466)).toEqual({ text: "2,466", exact: "2,466" });
    expect(countFigure(999_999)).toEqual({ text: "999,999", exact: "999,999" });
    expect(countFigure(1_234_567)).toEqual({ text: "1.23M", exact: "1,234,567" });
    expect(figureName(countFigure(2466))).toBe("2,466");
    expect(figureName(countFigure(1_234_567))).toBe("1.23M (1,234,567)");
  });

  it("shows the average scan time as a duration, its exact value in the spec's minutes", () => {
    expect(scanTimeFigure(1_227_000)).toEqual({ text: "20 min 27 sec", exact: "20.45 minutes" });
    expect(figureName(scanTimeFigure(150_000))).toBe("2 min 30 sec (2.50 minutes)");
  });

  it("writes the percent change with two decimals and '+' for a rise, none without a previous figure", () => {
    expect(formatPercentChange(percentChange(150, 100))).toBe("+50.00%");
    expect(formatPercentChange(percentChange(50, 100))).toBe("-50.00%");
    expect(formatPercentChange(percentChange(100, 100))).toBe("0.00%");
    expect(formatPercentChange(percentChange(5, 0))).toBeNull();
    expect(formatMinutes(150_000)).toBe("2.50 minutes");
    expect(sinceLabel("WEEK")).toBe("Since last week");
    expect(sinceLabel("MONTH")).toBe("Since last month");
  });

  it("reads the interval from a URL whatever its case, and nothing else", () => {
    expect([parseInterval("week"), parseInterval("MONTH"), parseInterval("year"), parseInterval(null)]).toEqual(["WEEK", "MONTH", null, null]);
  });

  // Five rows at most is also why the spec's trim of a failed-scan series longer than five never fires (decision 0049).
  it("gives five consecutive periods that tile time, the last holding now, whatever the instant", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom("WEEK" as const, "MONTH" as const),
        (now, interval) => {
          const periods = recentPeriods(interval, now);
          expect(periods).toHaveLength(5);
          for (let index = 1; index < periods.length; index++) expect(periods[index].start).toBe(periods[index - 1].end);
          const last = periods[4];
          expect(last.inProgress).toBe(true);
          expect(Date.parse(last.start)).toBeLessThanOrEqual(now.getTime());
          expect(Date.parse(last.end)).toBeGreaterThan(now.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});
