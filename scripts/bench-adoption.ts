/**
 * Adoption report benchmark (issue 16, "Performance"): npm run bench:adoption [-- --shops 5000]
 *   [--databases sqlite,postgres] [--postgres-url URL] [--scale N] [--requests N] [--port P]
 *
 * Per database: seeds a small demo database (--scale scan requests, default 2000: the report reads
 * only its own tables), adds a benchmark provider (9901) with --shops report rows of 12 months
 * each, starts the production server (build/server/index.js; run `npm run build` first), signs in
 * the demo power user through the real sign-in flow, and times
 * - the whole /dashboard/adoptionReport HTML of that provider with its five default months
 *   (default page of 20 rows; request to last byte, sequential), median and p95;
 * - the CSV of every row (five months, the default columns), rows per second, three downloads.
 * Prints Markdown for docs/performance.md. Targets: HTML p95 < 300 ms, CSV >= 20,000 rows/s.
 */
import os from "node:os";
import { downloadCsv } from "./bench-grid/csv-download";
import { openPostgresBenchDatabase, openSqliteBenchDatabase, type BenchDatabase } from "./bench-grid/database";
import { canonicalPath, timePage } from "./bench-grid/page-timing";
import { cpuPressure } from "./bench-grid/stats";
import type { PortalDatabase } from "../app/db/connect.server";
import { todayIn } from "../app/grid/dates";
import { monthWindow } from "../app/modules/adoption/months";
import { signInAs } from "../tests/support/portal-sign-in";
import { startServer } from "../tests/support/server-process";

const BENCH_PROVIDER = 9901;
const HTML_TARGET_P95_MS = 300;
const CSV_TARGET_ROWS_PER_SECOND = 20_000;
const progress = (message: string) => process.stderr.write(`bench:adoption: ${message}\n`);

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const options = {
  shops: Number(option("shops", "5000")),
  scale: Number(option("scale", "2000")),
  requests: Number(option("requests", "100")),
  port: Number(option("port", "3470")),
  databases: option("databases", "sqlite").split(","),
  postgresUrl: option("postgres-url", process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"),
};

/** A deterministic generator, so two runs fill the same report. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const STATES = ["IL", "WI", "IN", "TX", "CA", "NY", "FL", "OH", "MI", "GA"];

/** The benchmark provider and its report rows: --shops shops, each with the 12 months of the window. */
async function fillProvider(database: PortalDatabase, shops: number): Promise<void> {
  const db = database.db;
  const stamp = new Date().toISOString();
  await db
    .insertInto("providers")
    .values({
      providerId: BENCH_PROVIDER,
      providerName: "Benchmark Diagnostics",
      providerType: "SCAN",
      providerCd: "BENCH",
      version: "2.0",
      createdDateTime: stamp,
      updatedDateTime: stamp,
    })
    .execute();
  const random = generator(16);
  const months = monthWindow(todayIn("America/Chicago"));
  for (let start = 0; start < shops; start += 500) {
    const count = Math.min(500, shops - start);
    const rows = await db
      .insertInto("adoptionReportRows")
      .values(
        Array.from({ length: count }, (_, offset) => {
          const n = start + offset;
          return {
            rfId: 900_000 + n,
            providerId: BENCH_PROVIDER,
            providerCd: "BENCH",
            rfNm: `Bench Collision ${String(n).padStart(5, "0")}`,
            msoNm: n % 3 === 0 ? `MSO ${n % 40}` : null,
            rfStCd: STATES[n % STATES.length],
            rfLicNum: 100_000 + n,
            rfZipCd: String(10_000 + ((n * 37) % 89_999)),
            isWorkflowShop: n % 4 === 0 ? ("N" as const) : ("Y" as const),
            activationDt: "2024-03-01",
            firstScanDt: "2024-03-05",
            isShopActive: n % 10 === 0 ? ("N" as const) : ("Y" as const),
            trend: n % 3 === 0 ? null : n % 3 === 1 ? (1 as const) : (0 as const),
            etlUpdatedDatetime: stamp,
          };
        }),
      )
      .returning("id")
      .execute();
    const monthRows = rows.flatMap(({ id }) =>
      months.map((month) => {
        const total = Math.floor(random() * 120);
        const roLinked = Math.floor(total * 0.6);
        return {
          rowId: id,
          monthDt: month.first,
          totalRoCnt: total + 20,
          uniqueScanCntRoLinked: Math.floor(roLinked * 0.7),
          totalScanCntRoLinked: roLinked,
          uniqueScanCnt: Math.floor(total * 0.8),
          totalScanCnt: total,
        };
      }),
    );
    for (let at = 0; at < monthRows.length; at += 1000)
      await db
        .insertInto("adoptionReportMonths")
        .values(monthRows.slice(at, at + 1000))
        .execute();
  }
}

async function benchDatabase(kind: string): Promise<string> {
  const databaseOptions = { scale: options.scale, dataDir: null, reuse: false, keep: false };
  const bench: BenchDatabase =
    kind === "postgres" ? await openPostgresBenchDatabase(options.postgresUrl, databaseOptions) : await openSqliteBenchDatabase(databaseOptions);
  try {
    const started = performance.now();
    await fillProvider(bench.database, options.shops);
    progress(`${bench.version}: ${options.shops} report rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const server = await startServer({ ...bench.serverEnv, PORT: String(options.port), SEED_SCALE: "1" }, 600_000);
    try {
      const base = server.url.replace("127.0.0.1", "localhost");
      const { browser } = await signInAs(base, "power");
      const pressureBefore = cpuPressure();
      const loadBefore = os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" / ");
      const page = await canonicalPath(browser, base, `/dashboard/adoptionReport?provider=${BENCH_PROVIDER}`);
      const html = await timePage(browser, `${base}${page}`, { runs: options.requests, seconds: 180, warmup: 5 }, server.pid);
      progress(`HTML median ${html.medianMs.toFixed(1)} ms, p95 ${html.p95Ms.toFixed(1)} ms (${html.runs} requests)`);
      const csvRuns = [];
      for (let run = 0; run < 3; run++) csvRuns.push(await downloadCsv(browser, `${base}/dashboard/adoptionReport.csv?provider=${BENCH_PROVIDER}`, server.pid));
      const best = Math.max(...csvRuns.map((run) => run.rowsPerSecond));
      const median = csvRuns.map((run) => run.rowsPerSecond).sort((a, b) => a - b)[1];
      progress(`CSV ${csvRuns[0].rows} rows, ${csvRuns.map((run) => run.rowsPerSecond.toFixed(0)).join(", ")} rows/s`);
      const met = (ok: boolean) => (ok ? "met" : "**missed**");
      return [
        `#### ${bench.version}: one provider with ${options.shops.toLocaleString("en-US")} shops, five months (${new Date().toISOString().slice(0, 10)})`,
        "",
        `Machine: ${os.cpus().length} cores (shared), Node ${process.version}; CPU pressure (avg10) ${pressureBefore} before, ${cpuPressure()} after; load average ${loadBefore} before, ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(" / ")} after.`,
        "",
        "| Measure | Result | Target | |",
        "|---|---:|---:|---|",
        `| HTML \`${page}\` (20 rows), median / p95 ms (${html.runs} requests) | ${html.medianMs.toFixed(1)} / ${html.p95Ms.toFixed(1)} | p95 < ${HTML_TARGET_P95_MS} | ${met(html.p95Ms < HTML_TARGET_P95_MS)} |`,
        `| Server CPU per HTML request, ms | ${html.serverCpuMs.toFixed(1)} | | |`,
        `| CSV of ${csvRuns[0].rows.toLocaleString("en-US")} rows (default columns), rows/s: median / best of 3 | ${median.toFixed(0)} / ${best.toFixed(0)} | >= ${CSV_TARGET_ROWS_PER_SECOND.toLocaleString("en-US")} | ${met(median >= CSV_TARGET_ROWS_PER_SECOND)} |`,
        `| CSV rows per server CPU second (median of 3; what the machine's other work does not inflate) | ${csvRuns
          .map((run) => run.rows / run.serverCpuSeconds)
          .sort((a, b) => a - b)[1]
          .toFixed(0)} | | |`,
        `| CSV server peak memory, MB | ${Math.max(...csvRuns.map((run) => run.peakMb)).toFixed(0)} | | |`,
        "",
      ].join("\n");
    } finally {
      await server.stop();
    }
  } finally {
    await bench.cleanup();
  }
}

async function main(): Promise<void> {
  const sections: string[] = [];
  for (const kind of options.databases) sections.push(await benchDatabase(kind));
  process.stdout.write(`${sections.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:adoption: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
