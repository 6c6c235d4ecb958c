import type { PageCase } from "./cases";
import type { ClientJs } from "./client-js";
import type { CsvRun } from "./csv-download";
import type { DumpRun } from "./database-dump";
import type { PageTiming } from "./page-timing";
import type { Timing } from "./stats";

/** The benchmark's results as Markdown, for docs/performance.md. */
export interface PageResult {
  pageCase: PageCase;
  canonical: string;
  html: PageTiming;
  sql: Timing;
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-");
const mb = (value: number) => value.toFixed(0);

export function pageMet(result: PageResult): string {
  const { target } = result.pageCase;
  if (target === "info") return "-";
  const met = target === "single" ? result.html.medianMs < 40 && result.html.p95Ms < 80 : result.html.p95Ms < 150;
  return met ? "yes" : "**no**";
}

const TARGETS = { single: "< 40 / < 80", heavy: "p95 < 150", info: "(none)" } as const;

export function pageTable(results: readonly PageResult[]): string {
  const lines = [
    "| case | query | HTML median ms | HTML p95 ms | server CPU ms / request | target | met | SQL alone median ms | SQL alone p95 ms |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const result of results) {
    lines.push(
      `| ${result.pageCase.name} | \`${result.canonical}\` | ${ms(result.html.medianMs)} | ${ms(result.html.p95Ms)} | ${ms(result.html.serverCpuMs)} | ${TARGETS[result.pageCase.target]} | ${pageMet(result)} | ${ms(result.sql.medianMs)} | ${ms(result.sql.p95Ms)} |`,
    );
  }
  return lines.join("\n");
}

export function csvMet(run: CsvRun): boolean {
  return run.rowsPerSecond >= 50_000 && run.peakMb < 300;
}

export function csvTable(runs: ReadonlyArray<{ name: string; run: CsvRun }>): string {
  const lines = [
    "| export | rows | MB | seconds | rows/s | server CPU s | rows per server CPU s | server RSS before (MB) | server peak (MB) | met (≥ 50,000 rows/s, < 300 MB) |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { name, run } of runs) {
    lines.push(
      `| ${name} | ${run.rows.toLocaleString("en-US")} | ${mb(run.bytes / 1024 / 1024)} | ${run.seconds.toFixed(1)} | ${Math.round(run.rowsPerSecond).toLocaleString("en-US")} | ` +
        `${run.serverCpuSeconds.toFixed(1)} | ${Math.round(run.rows / Math.max(run.serverCpuSeconds, 0.01)).toLocaleString("en-US")} | ${mb(run.rssBeforeMb)} | ${mb(run.peakMb)}${run.peakIsOwn ? "" : " (since start)"} | ${csvMet(run) ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}

export function clientJsLine(clientJs: ClientJs): string {
  const kib = clientJs.gzipBytes / 1024;
  return `Client JavaScript for /transactions: ${clientJs.files} files, ${kib.toFixed(1)} KiB gzip (level 9), ${(clientJs.rawBytes / 1024).toFixed(0)} KiB raw; target < 260 KiB: ${kib < 260 ? "met" : "**missed**"}.`;
}

/** One whole-table export and the database's own CSV of the same rows, read right after it. */
export interface DumpComparison {
  name: string;
  portal: CsvRun;
  dump: DumpRun;
}

/** The goal of issue 28: the portal's export at half the database's own speed or better. */
export const EXPORT_RATIO_GOAL = 0.5;

export function dumpTable(comparisons: readonly DumpComparison[]): string {
  const rate = (value: number) => Math.round(value).toLocaleString("en-US");
  const lines = [
    `The database's client: \`${comparisons[0]?.dump.tool ?? ""}\`, its output read and counted by this process as the portal's download is.`,
    "",
    "| export | portal rows | portal rows/s | server peak (MB) | database rows | database seconds | database rows/s | ratio | met (≥ 0.5, < 300 MB) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { name, portal, dump } of comparisons) {
    const ratio = portal.rowsPerSecond / dump.rowsPerSecond;
    const met = ratio >= EXPORT_RATIO_GOAL && portal.peakMb < 300;
    lines.push(
      `| ${name} | ${portal.rows.toLocaleString("en-US")} | ${rate(portal.rowsPerSecond)} | ${mb(portal.peakMb)} | ${dump.rows.toLocaleString("en-US")} | ${dump.seconds.toFixed(1)} | ${rate(dump.rowsPerSecond)} | ${ratio.toFixed(2)} | ${met ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}
