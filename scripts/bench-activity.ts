/**
 * Activity benchmark (issue 29, "At scale"): npm run bench:activity -- --help
 *
 * Per database (SQLite and PostgreSQL by default): a new database with small demo data, then a
 * million audit events over the year before now, chained as the portal chains them
 * (bench-activity/events.ts); starts the production server (build/server/index.js; run
 * `npm run build` first), signs in `admin` through the real sign-in flow and times the whole
 * /admin/activity HTML: the first page (the last 7 days), each filter alone, wider date ranges and
 * a second page by cursor. Then times npm run audit:verify's walk of the whole chain. Prints
 * Markdown for docs/performance.md.
 */
import os from "node:os";
import { appendBenchEvents } from "./bench-activity/events";
import { ACTIVITY_BENCH_USAGE, ActivityBenchArgumentError, parseActivityBenchOptions, type ActivityBenchDatabase } from "./bench-activity/options";
import { withBenchServer } from "./bench-grid/bench-server";
import { openPostgresBenchDatabase, openSqliteBenchDatabase, type BenchDatabase } from "./bench-grid/database";
import { getOnce } from "./bench-grid/http";
import { canonicalPath, timePage, type PageTiming } from "./bench-grid/page-timing";
import { cpuPressure } from "./bench-grid/stats";
import { readCommandOptions } from "./command-options";
import { setDatabase } from "../app/db/db.server";
import { addDays, todayIn } from "../app/grid/dates";
import { CURSOR_PARAM } from "../app/grid/grid-cursor";
import { ACTIVITY_PATH } from "../app/modules/activity/grid";
import { verifyAuditChain } from "../app/modules/audit/verify-chain.server";
import type { Browser } from "../tests/support/http-browser";
import { signInAs } from "../tests/support/portal-sign-in";

/** Issue 29's targets at a million events. */
const FIRST_PAGE_P95_MS = 100;
const FILTER_P95_MS = 150;
/** Small demo data: the screen reads only the audit log. */
const DEMO_SCALE = 2_000;
const WARM_UP_REQUESTS = 5;
const CASE_SECONDS = 60;

const progress = (message: string) => process.stderr.write(`bench:activity: ${message}\n`);

interface ActivityCase {
  name: string;
  path: string;
  target: "first" | "filter";
}

function activityCases(today: string): ActivityCase[] {
  const days = (back: number) => `from=${addDays(today, -back)}&to=${today}&tz=UTC`;
  const filter = (name: string, query: string): ActivityCase => ({ name, path: `${ACTIVITY_PATH}?${query}`, target: "filter" });
  return [
    { name: "first page (the last 7 days)", path: ACTIVITY_PATH, target: "first" },
    filter("Who (its beginning)", "actor=staff01"),
    filter("Who (one login)", "actor=staff042"),
    filter("Record", "entity=provider"),
    filter("Record Id (its beginning)", "entityId=1001"),
    filter("Action", "action=deregisterDevice"),
    filter("Outcome: Refused", "outcome=refused"),
    filter("Date: the last 90 days", days(90)),
    filter("Date: the whole year, Outcome: Failed", `${days(365)}&outcome=failed`),
    filter("Date: the whole year, a rare action (Load shop document)", `${days(365)}&action=loadShopDocument`),
    filter("Date: the whole year, Who and Record", `${days(365)}&actor=staff100&entity=deviceRegistration`),
  ];
}

/** The first page's link to the next one (its cursor), as the page writes it. */
async function nextPagePath(browser: Browser, base: string, path: string): Promise<string> {
  const html = await (await getOnce(browser, `${base}${path}`)).text();
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
  const next = hrefs.find((href) => href.startsWith(ACTIVITY_PATH) && new URL(href, base).searchParams.has(CURSOR_PARAM));
  if (!next) throw new Error(`${path} links to no next page`);
  return next;
}

interface CaseResult {
  name: string;
  canonical: string;
  target: number;
  html: PageTiming;
}

async function measure(kind: ActivityBenchDatabase, options: ReturnType<typeof parseActivityBenchOptions>): Promise<string> {
  const databaseOptions = { scale: DEMO_SCALE, dataDir: null, reuse: false, keep: false };
  const bench: BenchDatabase =
    kind === "sqlite" ? await openSqliteBenchDatabase(databaseOptions) : await openPostgresBenchDatabase(options.postgresUrl, databaseOptions);
  const writeStarted = performance.now();
  await appendBenchEvents(bench.database, { count: options.events, end: new Date() }, (written) => progress(`${kind}: ${written} events written`));
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  progress(`${kind}: ${options.events} events in ${writeSeconds.toFixed(1)} s`);

  return withBenchServer(bench, { env: { PORT: String(options.port) }, startTimeoutMs: 300_000 }, async (server) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    const { browser } = await signInAs(base, "admin");
    const pressureBefore = cpuPressure();
    const cases = activityCases(todayIn("UTC"));
    const results: CaseResult[] = [];
    for (const activityCase of cases) {
      const canonical = await canonicalPath(browser, base, activityCase.path);
      for (let request = 0; request < WARM_UP_REQUESTS; request++) await (await getOnce(browser, `${base}${canonical}`)).arrayBuffer();
      const html = await timePage(browser, `${base}${canonical}`, { runs: options.requests, seconds: CASE_SECONDS }, server.pid);
      progress(`${kind}: ${activityCase.name}: median ${html.medianMs.toFixed(1)} ms, p95 ${html.p95Ms.toFixed(1)} ms`);
      results.push({ name: activityCase.name, canonical, target: activityCase.target === "first" ? FIRST_PAGE_P95_MS : FILTER_P95_MS, html });
      if (activityCase.target === "first") {
        const next = await nextPagePath(browser, base, canonical);
        const nextHtml = await timePage(browser, `${base}${next}`, { runs: options.requests, seconds: CASE_SECONDS }, server.pid);
        results.push({ name: "second page (by the first page's cursor)", canonical: next, target: FILTER_P95_MS, html: nextHtml });
      }
    }
    setDatabase(bench.database);
    const verifyStarted = performance.now();
    const verdict = await verifyAuditChain();
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    if (verdict.broken) throw new Error(`The benchmark's chain is broken at event ${verdict.broken.id}: ${verdict.broken.reason}`);

    const rows = results.map(({ name, canonical, target, html }) => {
      const met = html.p95Ms < target ? "yes" : "**no**";
      return `| ${name} | \`${canonical}\` | ${html.medianMs.toFixed(1)} | ${html.p95Ms.toFixed(1)} | ${html.serverCpuMs.toFixed(1)} | p95 < ${target} | ${met} |`;
    });
    return [
      `#### ${bench.version}: ${options.events.toLocaleString("en-US")} audit events (${new Date().toISOString().slice(0, 10)})`,
      "",
      `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}. Events written in ${writeSeconds.toFixed(0)} s ` +
        `(beside demo data of ${DEMO_SCALE.toLocaleString("en-US")} requests). Signed in as \`admin\`. CPU pressure (avg10) ${pressureBefore} before, ${cpuPressure()} after.`,
      "",
      `Whole /admin/activity HTML (request to last byte, sequential, one keep-alive connection; ${WARM_UP_REQUESTS} untimed requests of each case, then 3 warm-up and up to ${options.requests} timed):`,
      "",
      "| case | page | HTML median ms | HTML p95 ms | server CPU ms / request | target | met |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `npm run audit:verify's check of the whole chain (${verdict.verified.toLocaleString("en-US")} events): ${verifySeconds.toFixed(1)} s, unbroken.`,
      "",
    ].join("\n");
  });
}

async function main(): Promise<void> {
  const options = readCommandOptions({
    name: "bench:activity",
    usage: ACTIVITY_BENCH_USAGE,
    parse: parseActivityBenchOptions,
    argumentError: ActivityBenchArgumentError,
  });
  const sections: string[] = [];
  for (const kind of options.databases) sections.push(await measure(kind, options));
  process.stdout.write(`${sections.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:activity: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
