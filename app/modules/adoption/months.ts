import type { GridColumnGroup } from "~/grid/definition";
import { formatReading } from "~/lib/date-format";

/**
 * The adoption report's Months Range (dashboards spec §5, §9; decision 0052): the last 12 calendar
 * months of America/Chicago, index 0 = eleven months ago, 11 = the current month. A range names two
 * indexes `start-end` (URL `months=7-11`) and spans 2 to 5 months: equal ends or more than 4 steps
 * apart are refused with the spec's words. Indexes count back from the current month, so a shared
 * address shows "the latest five months" whenever it is opened, as the slider does.
 */
export const MONTH_COUNT = 12;
export const MIN_SPAN = 1;
export const MAX_SPAN = 4;
export const DEFAULT_RANGE: MonthsRange = { start: 7, end: 11 };
export const MONTHS_PARAM = "months";
/** The no-JavaScript form's two selects; the server folds them into `months`. */
export const MONTH_FROM_FIELD = "monthFrom";
export const MONTH_TO_FIELD = "monthTo";
export const RANGE_MESSAGE = "The range should be 2~5 months.";

export interface MonthsRange {
  start: number;
  end: number;
}

export interface ReportMonth extends GridColumnGroup {
  /** Index in the 12-month window (0 = oldest). */
  index: number;
  /** First day, YYYY-MM-01. */
  first: string;
}

/** Whether two indexes make an allowed range (the spec's 2~5 months rule, inside 0..11). */
export function isAllowedRange(start: number, end: number): boolean {
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= MONTH_COUNT - 1 && end - start >= MIN_SPAN && end - start <= MAX_SPAN;
}

export function rangeParam(range: MonthsRange): string {
  return `${range.start}-${range.end}`;
}

export const DEFAULT_MONTHS = rangeParam(DEFAULT_RANGE);

/** A `months` value read into a range; null when it is not an allowed range. */
export function parseRange(raw: string): MonthsRange | null {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(raw.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  return isAllowedRange(start, end) ? { start, end } : null;
}

/** The 12 months of the window ending with today's month (today: YYYY-MM-DD in America/Chicago), oldest first. */
export function monthWindow(today: string): ReportMonth[] {
  const [year, month] = today.split("-").map(Number);
  return Array.from({ length: MONTH_COUNT }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (MONTH_COUNT - 1 - index), 1));
    const first = date.toISOString().slice(0, 10);
    return { index, first, id: first.slice(0, 7), label: formatReading(first, "month") };
  });
}

/** The months a range selects, oldest first. */
export function monthsOfRange(range: MonthsRange, today: string): ReportMonth[] {
  return monthWindow(today).slice(range.start, range.end + 1);
}

/** The range of a `months` value, the default when there is none or it cannot be used. */
export function rangeOf(raw: string | undefined): MonthsRange {
  return (raw === undefined ? null : parseRange(raw)) ?? DEFAULT_RANGE;
}

/** The last day of a month (YYYY-MM-DD) from its first. */
export function lastDayOf(first: string): string {
  const [year, month] = first.split("-").map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}
