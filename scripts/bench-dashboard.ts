/**
 * KPI dashboard benchmark (issue 15, "Performance"): npm run bench:dashboard -- --help
 *
 * Per database (SQLite and/or PostgreSQL): seeds (or reuses) --scale scan requests, starts the
 * production server (build/server/index.js; run `npm run build` first) on 127.0.0.1:--port, signs
 * in a staff user through the real sign-in flow, and times the whole /dashboard/kpi HTML for one
 * provider and for all providers, Month and Week, beside each widget's query timed alone in this
 * process against the same database, and the Shop List page of that provider. Also the page's client JavaScript (gzip) and the CPU
 * pressure before and after (the machine is shared). Prints Markdown for docs/performance.md.
 */
import os from "node:os";
import { manifestClientJsKib } from "./bench-dashboard/client-js";
import {
  DASHBOARD_BENCH_USAGE,
  DashboardBenchArgumentError,
  parseDashboardBenchOptions,
  type DashboardBenchOptions,
  type DatabaseKind,
} from "./bench-dashboard/options";
import { pageTable, widgetTable, type KpiCaseResult } from "./bench-dashboard/report";
import { timeWidgetQueries } from "./bench-dashboard/widget-timing";
import { withBenchServer } from "./bench-grid/bench-server";
import { measureClientJs } from "./bench-grid/client-js";
import { openPostgresBenchDatabase, openSqliteBenchDatabase, type BenchDatabase } from "./bench-grid/database";
import { getOnce } from "./bench-grid/http";
import { canonicalPath, timePage } from "./bench-grid/page-timing";
import { processMemory } from "./bench-grid/process-usage";
import { cpuPressure } from "./bench-grid/stats";
import { readCommandOptions } from "./command-options";
import { oneProvider, SELECTABLE_PROVIDERS } from "../app/modules/dashboard/scope";
import { SHOP_LIST_PATH } from "../app/modules/shop-list/grid";
import type { Browser } from "../tests/support/http-browser";
import { signInAs } from "../tests/support/portal-sign-in";

/** Untimed requests of each case before the first is timed: the render path compiled, caches warm. */
const WARM_UP_REQUESTS_PER_CASE = 5;
/** A case stops after this long even with fewer requests than asked (a page far off its target). */
const CASE_SECONDS = 240;
/** The client JavaScript target of the issue, KiB gzip. */
const CLIENT_JS_TARGET_KIB = 300;

const progress = (message: string) => process.stderr.write(`bench:dashboard: ${message}\n`);

const CASES = [
  { providerChoice: "one", interval: "MONTH" },
  { providerChoice: "all", interval: "MONTH" },
  { providerChoice: "one", interval: "WEEK" },
  { providerChoice: "all", interval: "WEEK" },
] as const;

function casePath(options: DashboardBenchOptions, providerChoice: "one" | "all", interval: "MONTH" | "WEEK"): string {
  const params = new URLSearchParams({ provider: providerChoice === "one" ? String(options.provider) : "all" });
  if (interval === "WEEK") params.set("interval", "WEEK");
  return `/dashboard/kpi?${params.toString()}`;
}

function openDatabase(kind: DatabaseKind, options: DashboardBenchOptions): Promise<BenchDatabase> {
  const databaseOptions = { scale: options.scale, dataDir: options.dataDir, reuse: options.reuse, keep: options.keep };
  return kind === "sqlite" ? openSqliteBenchDatabase(databaseOptions) : openPostgresBenchDatabase(options.postgresUrl, databaseOptions);
}

async function measureCases(browser: Browser, base: string, bench: BenchDatabase, serverPid: number, options: DashboardBenchOptions): Promise<KpiCaseResult[]> {
  const canonicals = new Map<string, string>();
  for (const { providerChoice, interval } of CASES) {
    const canonical = await canonicalPath(browser, base, casePath(options, providerChoice, interval));
    canonicals.set(`${providerChoice}-${interval}`, canonical);
    for (let request = 0; request < WARM_UP_REQUESTS_PER_CASE; request++) await (await getOnce(browser, `${base}${canonical}`)).arrayBuffer();
  }
  const results: KpiCaseResult[] = [];
  for (const { providerChoice, interval } of CASES) {
    const canonical = canonicals.get(`${providerChoice}-${interval}`) ?? "";
    const html = await timePage(browser, `${base}${canonical}`, { runs: options.requests, seconds: CASE_SECONDS }, serverPid);
    const scope = { providers: providerChoice === "one" ? oneProvider(options.provider) : SELECTABLE_PROVIDERS, shopIds: null };
    const widgets = await timeWidgetQueries(bench.database, scope, interval, options.queryRuns);
    progress(
      `${providerChoice} ${interval}: HTML median ${html.medianMs.toFixed(1)} ms, p95 ${html.p95Ms.toFixed(1)} ms (${html.runs} requests); ` +
        widgets.map(({ query, timing }) => `${query.name} ${timing.medianMs.toFixed(1)}`).join(", "),
    );
    results.push({ providerChoice, interval, canonical, html, widgets });
  }
  return results;
}

/** Issue 28's target for the Shop List at ten million requests. */
const SHOP_LIST_P95_TARGET_MS = 300;

/** The dashboard's Shop List of the benchmark's provider (the page a KPI card's shop count opens). */
async function timeShopList(browser: Browser, base: string, serverPid: number, options: DashboardBenchOptions) {
  const canonical = await canonicalPath(browser, base, `${SHOP_LIST_PATH}?provider=${options.provider}`);
  for (let request = 0; request < WARM_UP_REQUESTS_PER_CASE; request++) await (await getOnce(browser, `${base}${canonical}`)).arrayBuffer();
  const html = await timePage(browser, `${base}${canonical}`, { runs: options.requests, seconds: CASE_SECONDS }, serverPid);
  progress(`Shop List: HTML median ${html.medianMs.toFixed(1)} ms, p95 ${html.p95Ms.toFixed(1)} ms (${html.runs} requests)`);
  return { canonical, html };
}

async function benchDatabase(kind: DatabaseKind, options: DashboardBenchOptions, withClientJs: boolean): Promise<string> {
  const bench = await openDatabase(kind, options);
  return withBenchServer(bench, { env: { PORT: String(options.port) }, startTimeoutMs: 600_000 }, async (server) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    const { browser } = await signInAs(base, options.login);
    const pressureBefore = cpuPressure();
    const loadBefore = os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" / ");
    const results = await measureCases(browser, base, bench, server.pid, options);
    const shopList = await timeShopList(browser, base, server.pid, options);
    const out = [
      `#### ${bench.version}: ${bench.scanRequests.toLocaleString("en-US")} scan requests (${new Date().toISOString().slice(0, 10)})`,
      "",
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}. ` +
        (bench.seedSeconds === null ? "Database reused. " : `Seeded in ${bench.seedSeconds.toFixed(0)} s. `) +
        `Signed in as \`${options.login}\`; server after the run: ${processMemory(server.pid).rssMb.toFixed(0)} MB resident. ` +
        `CPU pressure (avg10) ${pressureBefore} before, ${cpuPressure()} after; load average ${loadBefore} before, ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(" / ")} after.`,
      "",
      `Whole /dashboard/kpi HTML (request to last byte, sequential, one keep-alive connection; ${WARM_UP_REQUESTS_PER_CASE} untimed requests of each case first, then 3 warm-up and up to ${options.requests} timed):`,
      "",
      pageTable(results),
      "",
      `Each widget's query alone (in the benchmark process, the same database; 1 warm-up, ${options.queryRuns} runs), median / p95 ms:`,
      "",
      widgetTable(results),
      "",
      `Shop List of provider ${options.provider} (${shopList.canonical}), whole HTML the same way: median ${shopList.html.medianMs.toFixed(1)} ms, ` +
        `p95 ${shopList.html.p95Ms.toFixed(1)} ms (${shopList.html.runs} requests); target p95 < ${SHOP_LIST_P95_TARGET_MS} ms: ${shopList.html.p95Ms < SHOP_LIST_P95_TARGET_MS ? "met" : "**missed**"}.`,
      "",
    ];
    if (withClientJs) {
      const loaded = await measureClientJs(browser, base, results[0].canonical);
      const kib = loaded.gzipBytes / 1024;
      out.push(
        `Client JavaScript of /dashboard/kpi: ${loaded.files} files the HTML loads, ${kib.toFixed(1)} KiB gzip (level 9), ${(loaded.rawBytes / 1024).toFixed(0)} KiB raw; ` +
          `by the build manifest (scripts/client-js-size.mjs) ${manifestClientJsKib().toFixed(1)} KiB; target < ${CLIENT_JS_TARGET_KIB} KiB: ${kib < CLIENT_JS_TARGET_KIB ? "met" : "**missed**"}.`,
        "",
      );
    }
    return out.join("\n");
  });
}

async function main(): Promise<void> {
  const options = readCommandOptions({
    name: "bench:dashboard",
    usage: DASHBOARD_BENCH_USAGE,
    parse: parseDashboardBenchOptions,
    argumentError: DashboardBenchArgumentError,
  });
  const sections: string[] = [];
  for (const [index, kind] of options.databases.entries()) sections.push(await benchDatabase(kind, options, index === 0));
  process.stdout.write(`${sections.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:dashboard: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
