import { formatDuration } from "~/lib/duration";

/**
 * How the cards write their figures (dashboards spec §9, decision 0070): the percent change with
 * two decimals and '+' for a rise; the average scan time as a duration, with the spec's minutes
 * (milliseconds / 60000, two decimals) as its exact value. Counts: ~/lib/number-format.
 */

/** (current - previous) / previous in percent, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export function formatPercentChange(change: number | null): string | null {
  if (change === null) return null;
  const fixed = change.toFixed(2);
  return change > 0 ? `+${fixed}%` : `${fixed === "-0.00" ? "0.00" : fixed}%`;
}

/** Milliseconds in the spec's unit: minutes (ms / 60000), two decimals. */
export function formatMinutes(milliseconds: number): string {
  return `${(milliseconds / 60000).toFixed(2)} minutes`;
}

/** The Average Scan Time card's figure: "20 min 27 sec" shown, "20.45 minutes" its exact value. */
export function scanTimeFigure(milliseconds: number): { text: string; exact: string } {
  return { text: formatDuration(milliseconds), exact: formatMinutes(milliseconds) };
}
