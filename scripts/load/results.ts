import type { CheckResult } from "./cross-instance";
import type { Budget, KindId } from "./mix";
import type { Spread } from "./percentiles";
import type { Problem } from "./recorder";

/** What a run must show: the load's targets. */
export const TARGETS = {
  /** Every page's (and form POST's) p95. */
  pageP95Ms: 500,
  /** /api/health's p99 on every instance, polled during the load. */
  healthP99Ms: 100,
} as const;

export interface KindResult {
  kind: KindId;
  label: string;
  /** GET answers that were redirects, kept apart from the kind's pages. */
  redirect: boolean;
  budget: Budget;
  spread: Spread;
  statuses: Record<number, number>;
  unexpected: number;
}

export interface HealthSummary {
  instance: string;
  spread: Spread;
  failures: number;
  example: string | null;
}

export interface ServerLogSummary {
  instance: string;
  errors: number;
  warnings: number;
  /** Requests its access log shows answered with 5xx. */
  answered5xx: number;
  /** The first error line, else the first warning, else the first 5xx access line (message and fields). */
  example: string | null;
}

export interface RunResult {
  database: { kind: "sqlite" | "postgres"; version: string; scanRequests: number; seedSeconds: number | null; instances: number };
  load: { connections: number; durationSeconds: number; thinkMs: number; timeoutSeconds: number; users: Record<string, number> };
  /** Answers to the requests sent during the load, per second of it, and the seconds until the last answer was in. */
  totals: { requests: number; perSecond: number; seconds: number };
  kinds: KindResult[];
  /** Every page-budget answer together. */
  pages: Spread;
  health: HealthSummary[];
  checks: CheckResult[];
  problems: Problem[];
  /** autocannon's own count: socket errors and timeouts (a timeout is also an error). */
  connectionErrors: { errors: number; timeouts: number };
  serverLogs: ServerLogSummary[];
  /** CPU seconds each instance used during the load, and per answer (all instances together): what a page costs, whatever else runs on the machine. */
  serverCpu: { byInstance: Array<{ instance: string; seconds: number }>; perAnswerMs: number };
  /** The load driver's own event-loop delay (p99): a busy driver delays its timings. */
  driverDelayP99Ms: number;
  machine: { cores: number; node: string; loadAverageBefore: string; loadAverageAfter: string; cpuPressureBefore: string; cpuPressureAfter: string };
  /** Routes of ROUTE_POLICY the mix leaves out (with reasons in scripts/load/mix.ts). */
  routesLeftOut: number;
}

export interface Verdict {
  passed: boolean;
  missed: string[];
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** Every target the run missed; passed only when there is none. */
export function judge(result: RunResult): Verdict {
  const missed: string[] = [];
  for (const kind of result.kinds) {
    if (kind.budget === "page" && kind.spread.count > 0 && !(kind.spread.p95 < TARGETS.pageP95Ms)) {
      missed.push(`${kind.label}${kind.redirect ? " (redirects)" : ""}: p95 ${ms(kind.spread.p95)} (target under ${TARGETS.pageP95Ms} ms)`);
    }
  }
  if (result.totals.requests === 0) missed.push("no request was answered");
  for (const problem of result.problems) missed.push(`error x${problem.count}: ${problem.what} (e.g. ${problem.example})`);
  const { errors, timeouts } = result.connectionErrors;
  if (errors > 0) missed.push(`${errors} connection errors, ${timeouts} of them timeouts`);
  for (const health of result.health) {
    if (health.failures > 0) missed.push(`/api/health on ${health.instance}: ${health.failures} failures (e.g. ${health.example})`);
    if (health.spread.count === 0) missed.push(`/api/health on ${health.instance}: never answered`);
    else if (!(health.spread.p99 < TARGETS.healthP99Ms))
      missed.push(`/api/health on ${health.instance}: p99 ${ms(health.spread.p99)} (target under ${TARGETS.healthP99Ms} ms)`);
  }
  for (const check of result.checks) if (!check.passed) missed.push(`check failed: ${check.name} (${check.detail})`);
  for (const log of result.serverLogs) {
    if (log.errors > 0) missed.push(`instance ${log.instance} logged ${log.errors} errors (e.g. ${log.example})`);
    if (log.answered5xx > 0) missed.push(`instance ${log.instance} answered ${log.answered5xx} requests with 5xx`);
  }
  return { passed: missed.length === 0, missed };
}
