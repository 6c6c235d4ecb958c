/**
 * How the cards write their numbers (dashboards spec §9): counts abbreviated K, M, B, T with two
 * decimals, the percent change with two decimals and '+' for a rise, scan time in minutes.
 */
const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

export function abbreviateCount(value: number): string {
  const size = Math.abs(value);
  for (const [unit, suffix] of UNITS) {
    if (size >= unit) return `${(value / unit).toFixed(2)}${suffix}`;
  }
  return String(Math.round(value));
}

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

/** Milliseconds as minutes (ms / 60000), two decimals. */
export function formatMinutes(milliseconds: number): string {
  return `${(milliseconds / 60000).toFixed(2)} min`;
}
