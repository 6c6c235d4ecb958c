import fs from "node:fs";

/** Timings of repeated runs: a bounded number of runs within a time limit, after a warm-up. */
export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
}

export interface RepeatLimits {
  runs: number;
  seconds: number;
  warmup?: number;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function summarize(durations: readonly number[]): Timing {
  const sorted = [...durations].sort((a, b) => a - b);
  return { runs: sorted.length, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
}

/** Runs `once` sequentially, returning the durations (ms) of the timed runs. */
export async function repeat(once: () => Promise<void>, limits: RepeatLimits): Promise<Timing> {
  for (let index = 0; index < (limits.warmup ?? 3); index++) await once();
  const durations: number[] = [];
  const deadline = performance.now() + limits.seconds * 1000;
  while (durations.length < limits.runs && (durations.length < 5 || performance.now() < deadline)) {
    const started = performance.now();
    await once();
    durations.push(performance.now() - started);
  }
  return summarize(durations);
}

/** Share of the last 10 s in which some task waited for a CPU (Linux pressure stall information): how busy the machine was. */
export function cpuPressure(): string {
  try {
    const line = fs.readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0];
    return `${/avg10=([\d.]+)/.exec(line)?.[1] ?? "?"}%`;
  } catch {
    return "n/a";
  }
}
