import type { Period } from "./periods";

/**
 * The summary tables' buckets (migration 0009, decision 0050): pieces of a UTC day cut at 00:00,
 * 05:00 and 06:00. Every midnight in America/Chicago is 05:00 (summer time) or 06:00 UTC
 * (winter), so the dashboard's periods are whole buckets and the summary is exact for them.
 */
const BUCKET_HOURS = new Set([0, 5, 6]);

export function isBucketBound(instant: string): boolean {
  const date = new Date(instant);
  return (
    date.toISOString() === instant &&
    BUCKET_HOURS.has(date.getUTCHours()) &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

/** The periods start and end on bucket bounds: the summary can answer for them. */
export function periodsFitBuckets(periods: readonly Period[]): boolean {
  return periods.every((period) => isBucketBound(period.start) && isBucketBound(period.end));
}
