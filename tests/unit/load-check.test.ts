import { describe, expect, it } from "vitest";
import { Cleanups } from "../../scripts/load/cleanups";
import { describedValue, linksTo, postForm, selectedOption } from "../../scripts/load/html";
import { LoadArgumentError, parseLoadOptions } from "../../scripts/load/options";
import { spreadOf } from "../../scripts/load/percentiles";
import { judge, TARGETS, type RunResult } from "../../scripts/load/results";

/** The load check's verdict, options and readers (scripts/load/*): what makes `npm run load` exit 1. */

function passingRun(): RunResult {
  const fast = spreadOf([20, 30, 40]);
  return {
    database: { kind: "sqlite", version: "SQLite 3", scanRequests: 1000, seedSeconds: null, instances: 1 },
    load: { connections: 5, durationSeconds: 5, thinkMs: 2000, timeoutSeconds: 30, users: { staff: 5 } },
    totals: { requests: 3, perSecond: 0.6, seconds: 5 },
    kinds: [
      { kind: "home", label: "Home", redirect: false, budget: "page", spread: fast, statuses: { 200: 3 }, unexpected: 0 },
      {
        kind: "wholeTableCsv",
        label: "CSV export, every row",
        redirect: false,
        budget: "download",
        spread: spreadOf([9000]),
        statuses: { 200: 1 },
        unexpected: 0,
      },
    ],
    pages: fast,
    health: [{ instance: "A", spread: spreadOf([2, 3, 4]), failures: 0, example: null }],
    checks: [{ name: "A check", passed: true, detail: "fine" }],
    problems: [],
    connectionErrors: { errors: 0, timeouts: 0 },
    serverLogs: [{ instance: "A", errors: 0, warnings: 2, answered5xx: 0, example: null }],
    serverCpu: { byInstance: [{ instance: "A", seconds: 0.1 }], perAnswerMs: 33 },
    driverDelayP99Ms: 12,
    machine: { cores: 2, node: "v20", loadAverageBefore: "1", loadAverageAfter: "1", cpuPressureBefore: "1%", cpuPressureAfter: "1%" },
    routesLeftOut: 3,
  };
}

describe("the load check's verdict", () => {
  it("passes a run that meets every target (a slow download has no latency target)", () => {
    expect(judge(passingRun())).toEqual({ passed: true, missed: [] });
  });

  it("fails a page kind whose p95 reaches the target", () => {
    const run = passingRun();
    run.kinds[0].spread = spreadOf(Array.from({ length: 20 }, () => TARGETS.pageP95Ms));
    const verdict = judge(run);
    expect(verdict.passed).toBe(false);
    expect(verdict.missed).toEqual(["Home: p95 500 ms (target under 500 ms)"]);
  });

  it("fails on any error: a problem, a connection error, a failed check, a logged server error", () => {
    const cases: Array<(run: RunResult) => void> = [
      (run) => run.problems.push({ what: "Home: answered 500", count: 1, example: "GET /home" }),
      (run) => (run.connectionErrors = { errors: 1, timeouts: 1 }),
      (run) => (run.checks[0] = { name: "A check", passed: false, detail: "B shows nothing" }),
      (run) => (run.serverLogs[0] = { instance: "A", errors: 1, warnings: 0, answered5xx: 0, example: "{}" }),
      (run) => (run.serverLogs[0] = { instance: "A", errors: 0, warnings: 0, answered5xx: 1, example: "{}" }),
      (run) => (run.totals.requests = 0),
    ];
    for (const breakIt of cases) {
      const run = passingRun();
      breakIt(run);
      expect(judge(run).passed).toBe(false);
    }
  });

  it("fails /api/health with a failure, a p99 at the target, or no answer at all", () => {
    for (const health of [
      { instance: "A", spread: spreadOf([2]), failures: 1, example: "503" },
      { instance: "A", spread: spreadOf(Array.from({ length: 100 }, (_, i) => (i < 98 ? 5 : TARGETS.healthP99Ms))), failures: 0, example: null },
      { instance: "A", spread: spreadOf([]), failures: 0, example: null },
    ]) {
      const run = passingRun();
      run.health = [health];
      expect(judge(run).passed).toBe(false);
    }
  });

  it("takes nearest-rank percentiles", () => {
    const spread = spreadOf(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(spread).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(spreadOf([]).count).toBe(0);
  });
});

describe("npm run load's options", () => {
  it("defaults to 50 users for 60 s on SQLite at the default scale", () => {
    const options = parseLoadOptions([]);
    expect(options).toMatchObject({
      durationSeconds: 60,
      connections: 50,
      databases: ["sqlite"],
      scale: 30_000,
      instances: { sqlite: 1, postgres: 2 },
      thinkMs: 2000,
    });
    expect(parseLoadOptions([], { LOAD_POSTGRES_URL: "postgres://x@db:5432/postgres" }).postgresUrl).toBe("postgres://x@db:5432/postgres");
  });

  it("reads every option", () => {
    const options = parseLoadOptions([
      "--duration",
      "5",
      "--connections",
      "5",
      "--database",
      "both",
      "--scale",
      "1000000",
      "--instances",
      "3",
      "--think",
      "0",
      "--keep",
      "--json",
      "out.json",
      "--postgres-database",
      "postgres://postgres@127.0.0.1:5432/portal_bench_10m",
    ]);
    expect(options).toMatchObject({
      durationSeconds: 5,
      connections: 5,
      databases: ["sqlite", "postgres"],
      scale: 1_000_000,
      instances: { sqlite: 3, postgres: 3 },
      thinkMs: 0,
      keep: true,
      jsonFile: "out.json",
      postgresDatabase: "postgres://postgres@127.0.0.1:5432/portal_bench_10m",
    });
    expect(parseLoadOptions([]).postgresDatabase).toBeNull();
  });

  it("refuses what it cannot use", () => {
    for (const argv of [
      ["--duration", "0"],
      ["--connections", "x"],
      ["--database", "mysql"],
      ["--think", "3001"],
      ["--postgres-url", "mysql://x"],
      ["--postgres-database", "postgres://127.0.0.1:5432"],
      ["--postgres-database", "sqlite.db"],
      ["--json"],
      ["--what"],
    ]) {
      expect(() => parseLoadOptions(argv), argv.join(" ")).toThrow(LoadArgumentError);
    }
  });
});

describe("what the load reads in the portal's HTML", () => {
  it("a POST form's action and hidden fields, repeated names kept", () => {
    const html =
      '<form method="get" action="/transactions/resend"><input type="hidden" name="x" value="1"/></form>' +
      '<form method="post" action="/transactions/resend?ids=1&amp;ids=2"><input type="hidden" name="ids" value="1"/><input type="hidden" name="ids" value="2"/><input name="visible" value="v"/><input type="hidden" name="back" value="/a?b=1&amp;c=2"/></form>';
    expect(postForm(html, "/transactions/resend")).toEqual({
      action: "/transactions/resend?ids=1&ids=2",
      hidden: [
        ["ids", "1"],
        ["ids", "2"],
        ["back", "/a?b=1&c=2"],
      ],
    });
    expect(postForm(html, "/settings")).toBeNull();
  });

  it("links by path, a labelled value and a select's chosen option", () => {
    expect(
      linksTo(
        '<a href="/transactions/7?back=%2Ftransactions&amp;x=1">7</a><a href="/transactions/services/8">8</a><a href="/transactions/7?back=%2Ftransactions&amp;x=1">7</a>',
        /^\/transactions\/\d+$/,
      ),
    ).toEqual(["/transactions/7?back=%2Ftransactions&x=1"]);
    expect(describedValue('<dl><dt>Retry Count</dt><dd class="x"><span>3</span></dd></dl>', "Retry Count")).toBe("3");
    expect(describedValue("<dl></dl>", "Retry Count")).toBeNull();
    const select =
      '<select class="c" name="timeZone" id="z"><option value="">Browser default</option><option value="Europe/London" selected="">London</option></select>';
    expect(selectedOption(select, "timeZone")).toBe("Europe/London");
    expect(selectedOption(select.replace(' selected=""', ""), "timeZone")).toBeNull();
  });
});

describe("the run's cleanups", () => {
  it("run newest first, each once, and go on past one that fails", async () => {
    const cleanups = new Cleanups();
    const done: string[] = [];
    const logged: string[] = [];
    cleanups.add("remove the directory", () => void done.push("directory"));
    cleanups.add("drop the database", () => {
      throw new Error("server gone");
    });
    cleanups.add("stop instance A", async () => void done.push("instance"));
    await Promise.all([cleanups.runAll((message) => logged.push(message)), cleanups.runAll((message) => logged.push(message))]);
    await cleanups.runAll((message) => logged.push(message));
    expect(done).toEqual(["instance", "directory"]);
    expect(logged).toEqual(["Could not drop the database: server gone"]);
  });
});
