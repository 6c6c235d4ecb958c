import { describe, expect, it } from "vitest";
import { recentPeriods } from "~/modules/dashboard/periods";
import { scannedDays, scannedPeriodOptions, scannedValue } from "~/modules/shop-list/scanned-periods";

describe("the Shop List's 'Successful scan in' periods", () => {
  // 03:00 UTC on Aug 1 is still Jul 31 in America/Chicago.
  const now = new Date("2026-08-01T03:00:00Z");

  it("offers the dashboard's five months and five weeks, months then weeks, newest first, with their Chicago days", () => {
    const options = scannedPeriodOptions(now);
    expect(options).toHaveLength(10);
    expect(options.slice(0, 5).map((option) => option.label)).toEqual(["Jul 2026", "Jun 2026", "May 2026", "Apr 2026", "Mar 2026"]);
    expect(options.slice(5).map((option) => option.label)).toEqual([
      "Week of Jul 27, 2026",
      "Week of Jul 20, 2026",
      "Week of Jul 13, 2026",
      "Week of Jul 06, 2026",
      "Week of Jun 29, 2026",
    ]);
    expect(options[0].value).toBe("2026-07-01..2026-07-31");
    expect(options[5].value).toBe("2026-07-27..2026-08-02");
  });

  it("reads back the days of every value it offers, as the bars' periods", () => {
    for (const period of [...recentPeriods("MONTH", now), ...recentPeriods("WEEK", now)]) {
      expect(scannedDays(scannedValue(period))).toEqual({ from: period.from, to: period.to });
      expect(scannedPeriodOptions(now).map((option) => option.value)).toContain(scannedValue(period));
    }
  });
});
