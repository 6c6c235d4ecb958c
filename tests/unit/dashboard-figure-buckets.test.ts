import { describe, expect, it } from "vitest";
import { SUMMARY_SUCCESSFUL_STATUSES } from "~/db/migrations/scan-figures-sql";
import { isBucketBound, periodsFitBuckets } from "~/modules/dashboard/figure-buckets";
import { INTERVALS, recentPeriods } from "~/modules/dashboard/periods";
import { STATUSES_OF_GROUP } from "~/modules/dashboard/status-groups";

const DAY_MS = 86_400_000;

/** Every day of three years, at an hour that moves through the day, so each DST change is crossed on both sides. */
function instantsFrom2025To2027(): Date[] {
  const instants: Date[] = [];
  for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2028, 0, 1); time += DAY_MS) instants.push(new Date(time + ((time / DAY_MS) % 24) * 3_600_000));
  return instants;
}

describe("the summary tables' buckets (decision 0050)", () => {
  it("every bound of the Month and Week periods in America/Chicago is a bucket bound, across daylight saving changes", () => {
    const hours = new Set<number>();
    for (const interval of INTERVALS) {
      for (const now of instantsFrom2025To2027()) {
        const periods = recentPeriods(interval, now);
        for (const period of periods) {
          expect(isBucketBound(period.start), `${interval} ${period.start}`).toBe(true);
          expect(isBucketBound(period.end), `${interval} ${period.end}`).toBe(true);
          hours.add(new Date(period.start).getUTCHours());
        }
        expect(periodsFitBuckets(periods)).toBe(true);
      }
    }
    expect([...hours].sort()).toEqual([5, 6]);
  });

  it("knows the instants that are bounds and those that are not", () => {
    expect(isBucketBound("2026-03-08T06:00:00.000Z")).toBe(true);
    expect(isBucketBound("2026-03-09T05:00:00.000Z")).toBe(true);
    expect(isBucketBound("2026-03-09T00:00:00.000Z")).toBe(true);
    expect(isBucketBound("2026-03-09T07:00:00.000Z")).toBe(false);
    expect(isBucketBound("2026-03-09T05:00:00.001Z")).toBe(false);
    expect(isBucketBound("2026-03-09T05:30:00.000Z")).toBe(false);
    expect(isBucketBound("2026-03-09T05:00:00Z")).toBe(false);
    expect(periodsFitBuckets([{ from: "", to: "", start: "2026-03-09T05:00:00.000Z", end: "2026-03-10T07:00:00.000Z", label: "", inProgress: false }])).toBe(
      false,
    );
  });

  it("the triggers' successful statuses are the dashboard's Successful group", () => {
    expect([...SUMMARY_SUCCESSFUL_STATUSES]).toEqual([...STATUSES_OF_GROUP.successful]);
  });
});
