import { addDays, startOfDayUtc, todayIn } from "~/grid/dates";
import { formatReading } from "~/lib/date-format";

/**
 * The dashboard's periods (decision 0045): weeks from Monday or calendar months, cut at midnight in
 * America/Chicago whatever the viewer's zone, the current one in progress and four before it.
 */
export const DASHBOARD_TIME_ZONE = "America/Chicago";
export const INTERVALS = ["WEEK", "MONTH"] as const;
export type Interval = (typeof INTERVALS)[number];
export const DEFAULT_INTERVAL: Interval = "MONTH";
export const PERIOD_COUNT = 5;

export interface Period {
  /** First calendar day (YYYY-MM-DD, America/Chicago). */
  from: string;
  /** Last calendar day, inclusive. */
  to: string;
  /** UTC instants bounding the period: [start, end). */
  start: string;
  end: string;
  label: string;
  /** The period today falls in: its figures are still growing. */
  inProgress: boolean;
}

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split("-").map(Number);
  return [year, month, date];
}

function isoDay(year: number, month: number, date: number): string {
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
}

/** Monday of the day's week. */
function weekStart(day: string): string {
  const [year, month, date] = parts(day);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function periodFirstDay(day: string, interval: Interval): string {
  if (interval === "WEEK") return weekStart(day);
  const [year, month] = parts(day);
  return isoDay(year, month, 1);
}

function nextFirstDay(first: string, interval: Interval): string {
  if (interval === "WEEK") return addDays(first, 7);
  const [year, month] = parts(first);
  return isoDay(year, month + 1, 1);
}

function previousFirstDay(first: string, interval: Interval): string {
  if (interval === "WEEK") return addDays(first, -7);
  const [year, month] = parts(first);
  return isoDay(year, month - 1, 1);
}

/** 'Nov 2026' for a month, 'Nov 23' for the week of Monday the 23rd. */
function labelOf(first: string, interval: Interval): string {
  return formatReading(first, interval === "MONTH" ? "month" : "week");
}

/** The `count` periods up to the one holding `now`, oldest first. */
export function recentPeriods(interval: Interval, now: Date = new Date(), count: number = PERIOD_COUNT): Period[] {
  const current = periodFirstDay(todayIn(DASHBOARD_TIME_ZONE, now), interval);
  const firsts = [current];
  while (firsts.length < count) firsts.unshift(previousFirstDay(firsts[0], interval));
  return firsts.map((first) => {
    const next = nextFirstDay(first, interval);
    return {
      from: first,
      to: addDays(next, -1),
      start: startOfDayUtc(first, DASHBOARD_TIME_ZONE).toISOString(),
      end: startOfDayUtc(next, DASHBOARD_TIME_ZONE).toISOString(),
      label: labelOf(first, interval),
      inProgress: first === current,
    };
  });
}

export function parseInterval(raw: string | null | undefined): Interval | null {
  const upper = raw?.toUpperCase();
  return (INTERVALS as readonly string[]).includes(upper ?? "") ? (upper as Interval) : null;
}

/** 'Since last week' or 'Since last month'. */
export function sinceLabel(interval: Interval): string {
  return interval === "WEEK" ? "Since last week" : "Since last month";
}
