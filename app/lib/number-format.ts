/**
 * How counts are written (decision 0070): exactly, with thousands separators, wherever they fit;
 * the spec's abbreviation (dashboards spec §9: K, M, B, T with two decimals) only where they do not.
 */
const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 2466 -> "2,466". */
export function exactCount(value: number): string {
  return GROUPED.format(value);
}

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

/** The spec's abbreviation: 2466 -> "2.47K", 1234567 -> "1.23M"; under a thousand as it is. */
export function abbreviatedCount(value: number): string {
  const size = Math.abs(value);
  for (const [unit, suffix] of UNITS) {
    if (size >= unit) return `${(value / unit).toFixed(2)}${suffix}`;
  }
  return String(Math.round(value));
}

/** A card's number is exact below this (seven digits and two separators fit a quarter of a laptop's width). */
export const EXACT_ON_CARD_BELOW = 1_000_000;

/** A count as a dashboard card shows it: exact below a million, the spec's abbreviation from there. */
export function cardCount(value: number): string {
  return Math.abs(value) < EXACT_ON_CARD_BELOW ? exactCount(value) : abbreviatedCount(value);
}

/**
 * A chart axis's tick: exact below ten thousand, then "25K", "1.5M" (no trailing zeros). Ticks are
 * round numbers, so the short form is still exact; the bars' own numbers are written in full.
 */
export function axisCount(value: number): string {
  const size = Math.abs(value);
  if (size < 10_000) return exactCount(value);
  const [unit, suffix] = size >= 1e6 ? [1e6, "M"] : [1e3, "K"];
  return `${Number((value / unit).toFixed(2))}${suffix}`;
}
