import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunResult, Verdict } from "../../scripts/load/results";

/**
 * `npm run load` in small (5 users for 5 s on SQLite, a small data set), so the script cannot rot:
 * it must sign its users in, browse their plans, drive the real server, poll /api/health, pass the
 * cross-instance checks without an error, and stop everything it started. Timings are not asserted
 * (the machine may be busy): a run may miss only latency targets.
 */

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-load-smoke-"));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: readonly string[]): Promise<CliRun> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/load.ts", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const LATENCY_MISS = /: p9[59] \d+ ms \(target under \d+ ms\)$/;

describe("npm run load, in small", () => {
  it("drives the server with signed-in users, checks, reports, and stops what it started", async () => {
    const jsonFile = path.join(workDir, "results.json");
    const run = await runCli(["--database", "sqlite", "--scale", "1000", "--duration", "5", "--connections", "5", "--think", "300", "--json", jsonFile]);

    const { runs } = JSON.parse(fs.readFileSync(jsonFile, "utf8")) as { runs: Array<{ result: RunResult; verdict: Verdict }> };
    expect(runs).toHaveLength(1);
    const { result, verdict } = runs[0];
    expect(result.totals.requests).toBeGreaterThan(0);
    expect(result.kinds.length).toBeGreaterThan(0);
    expect(result.problems).toEqual([]);
    expect(result.connectionErrors).toEqual({ errors: 0, timeouts: 0 });
    expect(
      result.serverLogs.map((log) => [log.errors, log.answered5xx]),
      JSON.stringify(result.serverLogs),
    ).toEqual([[0, 0]]);
    expect(result.health).toHaveLength(1);
    expect(result.health[0].spread.count).toBeGreaterThan(0);
    expect(result.health[0].failures).toBe(0);
    expect(result.checks.length).toBeGreaterThanOrEqual(4);
    for (const check of result.checks) expect(check, check.name).toMatchObject({ passed: true });
    // Only latency may miss on a busy machine; the exit code says whether everything was met.
    for (const miss of verdict.missed) expect(miss).toMatch(LATENCY_MISS);
    expect(run.code).toBe(verdict.passed ? 0 : 1);
    expect(run.stdout).toContain("| request | route | answers |");

    const pids = [...run.stderr.matchAll(/Instance [A-Z] \(pid (\d+)\) listens/g)].map((match) => Number(match[1]));
    const dataDirs = [...run.stderr.matchAll(/Data directory (\S+)/g)].map((match) => match[1]);
    expect(pids).toHaveLength(1);
    expect(dataDirs).toHaveLength(1);
    for (const pid of pids) expect(isRunning(pid), `instance pid ${pid}`).toBe(false);
    for (const dir of dataDirs) expect(fs.existsSync(dir), dir).toBe(false);
  }, 240_000);
});
