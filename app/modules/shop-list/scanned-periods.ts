import type { FilterOption } from "~/grid/definition";
import { recentPeriods, type Period } from "~/modules/dashboard/periods";

/**
 * The Shop List's 'Successful scan in' filter: the dashboard's periods (the five months and the
 * five weeks up to today, America/Chicago), so a Shop Activity bar opens the registrations behind
 * it. A value is the period's first and last day, `2026-07-01..2026-07-31`.
 */
export const SCANNED_FILTER = "scanned";
const SEPARATOR = "..";

export function scannedValue(period: Pick<Period, "from" | "to">): string {
  return `${period.from}${SEPARATOR}${period.to}`;
}

/** The first and last day of a value that scannedPeriodOptions offered. */
export function scannedDays(value: string): { from: string; to: string } {
  const [from, to] = value.split(SEPARATOR);
  return { from, to };
}

export function scannedPeriodOptions(now: Date = new Date()): FilterOption[] {
  const months = recentPeriods("MONTH", now).map((period) => ({ value: scannedValue(period), label: period.label }));
  const weeks = recentPeriods("WEEK", now).map((period) => ({ value: scannedValue(period), label: `Week of ${period.label}, ${period.from.slice(0, 4)}` }));
  // Newest first: the months, then the weeks.
  return [...months.reverse(), ...weeks.reverse()];
}
