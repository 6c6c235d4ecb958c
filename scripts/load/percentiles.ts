/** Nearest-rank percentiles of a list of durations (NaN for an empty list). */
export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function nearestRank(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: nearestRank(sorted, 0.5),
    p95: nearestRank(sorted, 0.95),
    p99: nearestRank(sorted, 0.99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1],
  };
}
