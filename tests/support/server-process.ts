import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The compiled production server (build/server/index.js) as a child process, for tests that
 * need the real start-up, signals and exit codes.
 */

export const SERVER_ENTRY = path.resolve("build/server/index.js");

export type LogLine = Record<string, unknown> & { msg: string; level: string };

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningServer {
  url: string;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  /** The JSON log lines written so far. */
  logs: LogLine[];
  exited: Promise<ServerExit>;
  stop(signal?: NodeJS.Signals): Promise<ServerExit>;
}

/** Only the given variables and PATH: the developer's own environment must not leak in. */
function serverEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env };
}

function spawnServer(env: Record<string, string>, nodeArgs: readonly string[] = []): { child: ChildProcess; exited: Promise<ServerExit>; logs: LogLine[] } {
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], { env: serverEnvironment(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const logs: LogLine[] = [];
  let partial = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    partial += chunk;
    const lines = partial.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      logs.push(JSON.parse(line) as LogLine);
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ServerExit>((resolve) => {
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exited, logs };
}

/**
 * Starts the server (PORT 0: any free loopback port) and resolves once it listens. `nodeArgs` go
 * to node before the entry (--cpu-prof, which NODE_OPTIONS does not take).
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000, nodeArgs: readonly string[] = []): Promise<RunningServer> {
  const { child, exited, logs } = spawnServer(env, nodeArgs);
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  let early: ServerExit | undefined;
  void exited.then((exit) => {
    early = exit;
  });
  while (!url) {
    if (early) throw new Error(`The server exited with ${early.code} before listening:\n${early.stderr}${early.stdout}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not listen within ${timeoutMs} ms`);
    }
    url = logs.find((line) => typeof line.url === "string" && line.msg.startsWith("Listening on"))?.url as string | undefined;
    if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid ?? 0,
    logs,
    exited,
    stop(signal: NodeJS.Signals = "SIGTERM") {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs a server that is expected to fail at start, and returns how it ended. */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerExit> {
  const { child, exited } = spawnServer(env);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
