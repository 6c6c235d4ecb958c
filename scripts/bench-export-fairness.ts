/**
 * Export fairness benchmark (issue 9, decision 0019): npm run bench:export-fairness -- --help
 *
 * Seeds (or reuses) a database of --scale scan requests, starts the production server
 * (build/server/index.js; run `npm run build` first) against it, signs in, and measures how the
 * server answers other requests while --exports whole-table /transactions.csv downloads run at
 * once, read as fast as a process of their own can (download-process.ts), without gzip and with it:
 *   - /api/health every 50 ms (p50, p99, max), as a load balancer's check;
 *   - the default Transactions grid page every 250 ms, as another signed-in user (p50, p95);
 * first for 10 s with no export (the baseline), then per mode until the first export ends or
 * --seconds pass. Prints Markdown for docs/performance.md. SQLite by default; PostgreSQL when
 * DATABASE_URL is postgres://... (a new database on that server, dropped at the end).
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { FAIRNESS_USAGE, FairnessArgumentError, parseFairnessOptions, type FairnessOptions } from "./bench-export-fairness/options";
import { healthRequest, pageRequest, probeLoop, startExports, type ProbeResult } from "./bench-export-fairness/probes";
import { withBenchServer } from "./bench-grid/bench-server";
import { BENCH_TIME_ZONE } from "./bench-grid/cases";
import { openBenchDatabase } from "./bench-grid/database";
import { canonicalPath } from "./bench-grid/page-timing";
import { processCpuMs, processMemory, resetPeakMemory } from "./bench-grid/process-usage";
import { cpuPressure } from "./bench-grid/stats";
import { readCommandOptions } from "./command-options";
import { todayIn } from "../app/grid/dates";
import { signInAs } from "../tests/support/portal-sign-in";
import type { RunningServer } from "../tests/support/server-process";

const BASELINE_SECONDS = 10;
const TARGETS = { healthP99Ms: 100, pageP95Ms: 300 };

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface WindowResult {
  mode: string;
  seconds: number;
  health: ProbeResult;
  page: ProbeResult;
  /** Bytes all exports received in the window (compressed ones with gzip), and how many had ended. */
  exportMb: number;
  exportsEnded: number;
  serverCpuSeconds: number;
  serverPeakMb: number;
}

function codeVersion(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "app", "server.ts"], { encoding: "utf8" }).trim() !== "";
    return `${commit}${dirty ? " with uncommitted changes to app/" : ""}`;
  } catch {
    return "unknown";
  }
}

async function measureWindow(
  server: RunningServer,
  probes: { health: () => Promise<void>; page: () => Promise<void> },
  options: FairnessOptions,
  exports: { url: string; cookie: string; gzip: boolean } | null,
): Promise<WindowResult> {
  const peakIsOwn = resetPeakMemory(server.pid);
  const cpuBefore = processCpuMs(server.pid);
  const running = exports ? await startExports(exports.url, exports.cookie, options.exports, exports.gzip) : null;
  const started = performance.now();
  const health = probeLoop(probes.health, options.healthEveryMs);
  const page = probeLoop(probes.page, options.pageEveryMs);
  const limit = (exports ? options.seconds : BASELINE_SECONDS) * 1000;
  await Promise.race([sleep(limit), running?.firstEnded ?? new Promise(() => undefined)]);
  const [healthResult, pageResult] = await Promise.all([health.stop(), page.stop()]);
  const seconds = (performance.now() - started) / 1000;
  const totals = (await running?.totals()) ?? { bytes: 0, ended: 0 };
  const exportMb = totals.bytes / 1024 ** 2;
  const exportsEnded = totals.ended;
  const serverCpuSeconds = (processCpuMs(server.pid) - cpuBefore) / 1000;
  const serverPeakMb = peakIsOwn ? processMemory(server.pid).peakMb : Number.NaN;
  running?.abort();
  const mode = exports ? `${options.exports} whole-table exports, ${exports.gzip ? "gzip" : "no gzip"}` : "no export (baseline)";
  return { mode, seconds, health: healthResult, page: pageResult, exportMb, exportsEnded, serverCpuSeconds, serverPeakMb };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");

function table(results: readonly WindowResult[]): string {
  const lines = [
    `| during | seconds | /api/health n | p50 ms | p99 ms | max ms | grid page n | p50 ms | p95 ms | export MB received | server CPU s | server peak MB | met (health p99 < ${TARGETS.healthP99Ms}, page p95 < ${TARGETS.pageP95Ms}) |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const met = r.health.p99 < TARGETS.healthP99Ms && r.page.p95 < TARGETS.pageP95Ms && r.health.failures === 0 && r.page.failures === 0;
    const failures = r.health.failures + r.page.failures > 0 ? ` (${r.health.failures + r.page.failures} failed)` : "";
    lines.push(
      `| ${r.mode} | ${r.seconds.toFixed(0)} | ${r.health.count} | ${ms(r.health.p50)} | ${ms(r.health.p99)} | ${ms(r.health.max)} | ${r.page.count} | ${ms(r.page.p50)} | ${ms(r.page.p95)} | ${r.exportMb.toFixed(0)}${r.exportsEnded > 0 ? ` (${r.exportsEnded} ended)` : ""} | ${r.serverCpuSeconds.toFixed(1)} | ${ms(r.serverPeakMb)} | ${met ? "yes" : "**no**"}${failures} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const options = readCommandOptions({ name: "bench", usage: FAIRNESS_USAGE, parse: parseFairnessOptions, argumentError: FairnessArgumentError });
  const bench = await openBenchDatabase(options);
  const limits = { EXPORT_LIMIT_PER_USER: String(options.exports), EXPORT_LIMIT_TOTAL: String(Math.max(options.exports, 4)) };
  return withBenchServer(bench, { env: { LOG_LEVEL: "info", ...limits }, startTimeoutMs: 180_000 }, async (server) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    const exporter = (await signInAs(base, "admin")).browser;
    const reader = (await signInAs(base, "power")).browser;
    const today = todayIn(BENCH_TIME_ZONE);
    const cookie = `${exporter.cookieHeader("/transactions.csv")}; tz=${encodeURIComponent(BENCH_TIME_ZONE)}`;
    const exportUrl = `${base}/transactions.csv?from=2000-01-01&to=${today}`;
    const pageUrl = `${base}${await canonicalPath(reader, base, "/transactions?clear=1")}`;
    const probes = { health: healthRequest(base), page: pageRequest(reader, pageUrl) };
    // A server in use has rendered the grid before (the first renders compile the render path).
    for (let warm = 0; warm < 30; warm++) await probes.page();

    const pressureAtStart = cpuPressure();
    const results: WindowResult[] = [];
    const baseline = await measureWindow(server, probes, options, null);
    progress(`baseline: health p99 ${ms(baseline.health.p99)} ms, page p95 ${ms(baseline.page.p95)} ms`);
    results.push(baseline);
    for (const gzip of options.gzip) {
      const result = await measureWindow(server, probes, options, { url: exportUrl, cookie, gzip: gzip === "yes" });
      progress(
        `${result.mode}: health p99 ${ms(result.health.p99)} ms, page p95 ${ms(result.page.p95)} ms, ${result.exportMb.toFixed(0)} MB exported in ${result.seconds.toFixed(0)} s`,
      );
      results.push(result);
      // The aborted downloads give their slots and readers back once the server sees them go.
      await sleep(3000);
    }

    const out = [
      `## Export fairness: ${bench.version}, ${bench.scanRequests.toLocaleString("en-US")} scan requests (${new Date().toISOString().slice(0, 10)})`,
      "",
      `Code: ${codeVersion()}. Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}; ` +
        `CPU pressure (avg10) ${pressureAtStart} at the start, ${cpuPressure()} at the end; load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(" / ")} at the end. ` +
        (bench.seedSeconds === null ? "Database reused." : `Seeded in ${bench.seedSeconds.toFixed(0)} s.`),
      "",
      `Export: \`/transactions.csv?from=2000-01-01&to=<today>\` (the whole table), ${options.exports} at once, read as fast as possible by a process of their own; ` +
        `/api/health every ${options.healthEveryMs} ms; the default grid page (\`${pageUrl.slice(base.length)}\`) every ${options.pageEveryMs} ms as another user. ` +
        `A window ends when the first export ends or after ${options.seconds} s.`,
      "",
      table(results),
      "",
    ];
    process.stdout.write(`${out.join("\n")}\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
