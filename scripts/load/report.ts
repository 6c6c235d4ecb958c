import type { Spread } from "./percentiles";
import { TARGETS, type RunResult, type Verdict } from "./results";

/** The results of one run as Markdown (for the terminal and docs/performance.md). */

const n = (value: number) => value.toLocaleString("en-US");
const ms = (value: number) => (Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(1) : String(Math.round(value)));
const yes = (met: boolean) => (met ? "yes" : "**no**");

function spreadCells(spread: Spread): string {
  return `${ms(spread.p50)} | ${ms(spread.p95)} | ${ms(spread.p99)} | ${ms(spread.max)}`;
}

function statusList(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${status}: ${n(count)}`)
    .join(", ");
}

export function renderRun(result: RunResult, verdict: Verdict): string {
  const { database, load } = result;
  const databaseName = database.kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const users = Object.entries(load.users)
    .map(([profile, count]) => `${count} ${profile}`)
    .join(", ");
  const out: string[] = [
    `### ${databaseName}, ${database.instances} instance${database.instances === 1 ? "" : "s"}: ${n(database.scanRequests)} scan requests, ${load.connections} users, ${load.durationSeconds} s`,
    "",
    `${database.version}; ${database.seedSeconds === null ? (database.kind === "postgres" ? "a seeded database used as it is" : "seeded copy from the cache") : `seeded in ${database.seedSeconds.toFixed(0)} s`}. ` +
      `Users: ${users}; a pause of ${load.thinkMs === 0 ? "nothing" : `${load.thinkMs / 2000}-${(load.thinkMs * 1.5) / 1000} s`} after each answer; timeout ${load.timeoutSeconds} s. ` +
      `Machine: ${result.machine.cores} cores, Node ${result.machine.node}; load average ${result.machine.loadAverageBefore} before, ${result.machine.loadAverageAfter} after; ` +
      `CPU pressure (avg10) ${result.machine.cpuPressureBefore} before, ${result.machine.cpuPressureAfter} after.`,
    "",
    `${n(result.totals.requests)} answers to the requests of ${load.durationSeconds} s (${result.totals.perSecond.toFixed(1)} per second; the last answer came after ${result.totals.seconds.toFixed(0)} s); ` +
      `server CPU ${result.serverCpu.byInstance.map((cpu) => `${cpu.instance} ${cpu.seconds.toFixed(1)} s`).join(", ")}, ${ms(result.serverCpu.perAnswerMs)} ms per answer.`,
    "",
    `| request | route | answers | statuses | p50 ms | p95 ms | p99 ms | max ms | target | met |`,
    `|---|---|---|---|---|---|---|---|---|---|`,
  ];
  for (const kind of result.kinds) {
    const target = kind.budget === "page" ? `p95 < ${TARGETS.pageP95Ms}` : "(reported)";
    const met = kind.budget === "page" ? yes(kind.spread.p95 < TARGETS.pageP95Ms) : "-";
    out.push(
      `| ${kind.label}${kind.redirect ? " (redirect)" : ""} | ${kind.budget} | ${n(kind.spread.count)} | ${statusList(kind.statuses)}${kind.unexpected ? ` (**${kind.unexpected} unexpected**)` : ""} | ${spreadCells(kind.spread)} | ${target} | ${met} |`,
    );
  }
  out.push(
    `| **every page and form together** | page | ${n(result.pages.count)} | | ${spreadCells(result.pages)} | p95 < ${TARGETS.pageP95Ms} | ${yes(result.pages.p95 < TARGETS.pageP95Ms)} |`,
    "",
  );

  out.push(`| /api/health | polls | failures | p50 ms | p95 ms | p99 ms | max ms | target | met |`, `|---|---|---|---|---|---|---|---|---|`);
  for (const health of result.health) {
    const met = health.failures === 0 && health.spread.count > 0 && health.spread.p99 < TARGETS.healthP99Ms;
    out.push(
      `| instance ${health.instance} | ${n(health.spread.count + health.failures)} | ${health.failures} | ${spreadCells(health.spread)} | p99 < ${TARGETS.healthP99Ms} | ${yes(met)} |`,
    );
  }
  out.push("", `| cross-instance check | passed | what was seen |`, `|---|---|---|`);
  for (const check of result.checks) out.push(`| ${check.name} | ${yes(check.passed)} | ${check.detail} |`);

  const errorCount = result.problems.reduce((sum, problem) => sum + problem.count, 0);
  out.push(
    "",
    `Errors: ${errorCount} (unexpected statuses, flows that could not go on, requests without an answer); ` +
      `connection errors ${result.connectionErrors.errors} (timeouts ${result.connectionErrors.timeouts}); ` +
      `server logs: ${result.serverLogs.map((log) => `${log.instance} ${log.errors} errors, ${log.warnings} warnings, ${log.answered5xx} answers 5xx`).join("; ")}. ` +
      `The load driver's own event-loop delay, p99: ${ms(result.driverDelayP99Ms)} ms. ` +
      `Routes left out of the mix: ${result.routesLeftOut} (scripts/load/mix.ts says why).`,
  );
  for (const problem of result.problems) out.push(`- ${problem.count} x ${problem.what}: e.g. ${problem.example}`);
  for (const log of result.serverLogs) if (log.example) out.push(`- instance ${log.instance} logged: ${log.example}`);
  out.push("", verdict.passed ? "**Every target met.**" : `**Targets missed (${verdict.missed.length}):**`);
  for (const miss of verdict.missed) out.push(`- ${miss}`);
  return `${out.join("\n")}\n`;
}
