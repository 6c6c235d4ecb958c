/**
 * Load as a standing proof (issue 9): npm run load -- --help
 *
 * Drives the production server (build/server/index.js; run `npm run build` first) with signed-in
 * users for a while and checks the targets: no errors, every page's p95 under 500 ms, /api/health's
 * p99 under 100 ms on every instance, and the cross-instance checks. SQLite runs one instance on a
 * copy of a cached seeded file; PostgreSQL runs two instances on a database of the run's own.
 * Prints Markdown (docs/performance.md, "Load"); exits 0 when every target is met, 1 otherwise.
 * Every process, directory and database the run makes is removed at the end, on failure and on
 * Ctrl-C too. The mix of requests is in scripts/load/mix.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { readCommandOptions } from "./command-options";
import { Cleanups } from "./load/cleanups";
import { LOAD_USAGE, LoadArgumentError, parseLoadOptions } from "./load/options";
import { renderRun } from "./load/report";
import { judge, type RunResult, type Verdict } from "./load/results";
import { mixProblems } from "./load/route-access";
import { runLoadOn } from "./load/run";

const started = performance.now();
const log = (message: string) => process.stderr.write(`load [${((performance.now() - started) / 1000).toFixed(1)} s]: ${message}\n`);

async function main(): Promise<number> {
  const options = readCommandOptions({
    name: "load",
    usage: LOAD_USAGE,
    parse: (argv) => parseLoadOptions(argv, process.env),
    argumentError: LoadArgumentError,
  });
  const problems = mixProblems();
  if (problems.length > 0) {
    log(`the mix and app/auth/route-policy.ts disagree:\n  ${problems.join("\n  ")}`);
    return 1;
  }
  if (!fs.existsSync(path.resolve("build/server/index.js")) || !fs.existsSync(path.resolve("build/remix/index.js"))) {
    log("there is no production build: run `npm run build` first");
    return 1;
  }

  const cleanups = new Cleanups();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping what the run started`);
      void cleanups.runAll(log).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }

  const runs: Array<{ result: RunResult; verdict: Verdict } | { database: string; failure: string }> = [];
  for (const database of options.databases) {
    try {
      const result = await runLoadOn(database, options, cleanups, log);
      const verdict = judge(result);
      runs.push({ result, verdict });
      process.stdout.write(`${renderRun(result, verdict)}\n`);
    } catch (error) {
      const failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`the run on ${database} failed: ${failure}`);
      runs.push({ database, failure });
    } finally {
      await cleanups.runAll(log);
    }
  }
  if (options.jsonFile) fs.writeFileSync(options.jsonFile, `${JSON.stringify({ options, runs }, null, 2)}\n`);
  const passed = runs.every((run) => "verdict" in run && run.verdict.passed);
  log(passed ? "every target met" : "targets missed or the run failed (see above)");
  return passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
