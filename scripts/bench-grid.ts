/**
 * Grid and CSV benchmark (issue 4, "Performance"): npm run bench -- --help
 *
 * Seeds (or reuses) a database with --scale scan requests, starts the production server
 * (build/server/index.js; run `npm run build` first) on a loopback port against it, signs in as
 * `admin` through the real sign-in flow, and measures:
 *   - CSV downloads of a 30-day window and of the whole table, first: rows per second and the
 *     server's peak memory (VmHWM, reset before each download); after each whole-table download,
 *     the database's own client writes the same rows as CSV (sqlite3 -csv; psql COPY ... TO
 *     STDOUT WITH CSV), and the portal's rate is printed as a share of the database's;
 *   - /transactions full HTML (median, p95) for the default page, each single filter, page 1000
 *     and heavy combinations, beside the same SQL (findTransactionsPage) timed alone in-process;
 *   - the gzip size of the JavaScript /transactions loads.
 * Prints Markdown for docs/performance.md. SQLite by default; PostgreSQL when DATABASE_URL is
 * postgres://... (a new database on that server, dropped at the end).
 */
import os from "node:os";
import path from "node:path";
import { withBenchServer } from "./bench-grid/bench-server";
import { BENCH_TIME_ZONE, csvCases, pageCases } from "./bench-grid/cases";
import { measureClientJs } from "./bench-grid/client-js";
import { downloadCsv, type CsvRun } from "./bench-grid/csv-download";
import { openBenchDatabase } from "./bench-grid/database";
import { dumpWithDatabaseClient, transactionsExportSql } from "./bench-grid/database-dump";
import { BROWSER_ACCEPT_ENCODING, getOnce } from "./bench-grid/http";
import { BENCH_USAGE, BenchArgumentError, parseBenchOptions } from "./bench-grid/options";
import { canonicalPath, timePage } from "./bench-grid/page-timing";
import { processMemory } from "./bench-grid/process-usage";
import { clientJsLine, csvTable, type DumpComparison, dumpTable, pageTable, type PageResult } from "./bench-grid/report";
import { timePageQueries } from "./bench-grid/sql-timing";
import { cpuPressure } from "./bench-grid/stats";
import { readCommandOptions } from "./command-options";
import { signInAs } from "../tests/support/portal-sign-in";

/** Requests of the default grid page before any page is timed. */
const HTML_WARM_UP_REQUESTS = 100;

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function main(): Promise<void> {
  const options = readCommandOptions({ name: "bench", usage: BENCH_USAGE, parse: parseBenchOptions, argumentError: BenchArgumentError });
  const bench = await openBenchDatabase(options);
  const nodeArgs = options.serverCpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(options.serverCpuProfileDir)}`] : [];
  return withBenchServer(bench, { nodeArgs, startTimeoutMs: 180_000 }, async (server) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    const { browser } = await signInAs(base, "admin");
    const out: string[] = [];
    out.push(
      `## ${bench.version}: ${bench.scanRequests.toLocaleString("en-US")} scan requests (${new Date().toISOString().slice(0, 10)})`,
      "",
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}; ` +
        `load average ${os
          .loadavg()
          .map((load) => load.toFixed(1))
          .join(" / ")}, CPU pressure (avg10) ${cpuPressure()} at the start. ` +
        (bench.seedSeconds === null ? "Database reused." : `Seeded in ${bench.seedSeconds.toFixed(0)} s.`) +
        ` Server after sign-in: ${processMemory(server.pid).rssMb.toFixed(0)} MB resident.`,
      "",
    );

    const runs: Array<{ name: string; run: CsvRun }> = [];
    const comparisons: DumpComparison[] = [];
    for (const csvCase of csvCases()) {
      const dumpSql = csvCase.againstDump ? await transactionsExportSql(bench, csvCase.path, BENCH_TIME_ZONE) : null;
      for (let attempt = 1; attempt <= options.csvRuns; attempt++) {
        const run = await downloadCsv(browser, `${base}${csvCase.path}`, server.pid);
        progress(`CSV ${csvCase.name} #${attempt}: ${run.rows} rows in ${run.seconds.toFixed(1)} s, peak ${run.peakMb.toFixed(0)} MB`);
        runs.push({ name: `${csvCase.name} (run ${attempt})`, run });
        if (dumpSql === null) continue;
        // Right after the export, on the same pages of the database (its cache as warm).
        const dump = await dumpWithDatabaseClient(bench, dumpSql);
        progress(`dump ${csvCase.name} #${attempt}: ${dump.rows} rows in ${dump.seconds.toFixed(1)} s`);
        comparisons.push({ name: `${csvCase.name} (run ${attempt})`, portal: run, dump });
      }
    }
    const encodings = [...new Set(runs.map(({ run }) => run.encoding))].join(", ");
    out.push(
      `### CSV export (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}, as Chromium asks; the server answered ${encodings}; first, on the freshly started server)`,
      "",
      csvTable(runs),
      "",
    );
    if (comparisons.length > 0) out.push(`### The export against the database's own CSV of the same rows`, "", dumpTable(comparisons), "");

    if (options.html) {
      const limits = { runs: options.requests, seconds: options.seconds };
      const results: PageResult[] = [];
      // A server in use has rendered the grid before: without this the first case (the default
      // page) also paid for compiling the render path (~15 ms more CPU per request over 40).
      const warmUp = await canonicalPath(browser, base, "/transactions?clear=1");
      for (let request = 0; request < HTML_WARM_UP_REQUESTS; request++) await (await getOnce(browser, `${base}${warmUp}`)).arrayBuffer();
      for (const pageCase of await pageCases(bench.database)) {
        try {
          const canonical = await canonicalPath(browser, base, pageCase.path);
          const html = await timePage(browser, `${base}${canonical}`, limits, server.pid);
          const sql = await timePageQueries(bench.database, canonical, limits);
          progress(
            `${pageCase.name}: HTML median ${html.medianMs.toFixed(1)} ms, p95 ${html.p95Ms.toFixed(1)} ms, server CPU ${html.serverCpuMs.toFixed(1)} ms; SQL ${sql.medianMs.toFixed(1)} ms`,
          );
          results.push({ pageCase, canonical, html, sql });
        } catch (error) {
          progress(`${pageCase.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      out.push(
        `### /transactions, full HTML (up to ${options.requests} requests or ${options.seconds} s per case, after 3 warm-up requests; ${HTML_WARM_UP_REQUESTS} requests of the default page before the first case)`,
        "",
        pageTable(results),
        "",
      );
      out.push(clientJsLine(await measureClientJs(browser, base, "/transactions")), "");
    }

    out.push(
      `CPU pressure (avg10) at the end: ${cpuPressure()}; load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" / ")}.`,
      "",
    );
    process.stdout.write(`${out.join("\n")}\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
