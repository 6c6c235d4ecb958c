import { spawn } from "node:child_process";
import path from "node:path";

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
  startedAt: number;
  endedAt: number;
}

/** Runs one of the repository's TypeScript command scripts (scripts/<name>.ts) as `npm run <name>` would, with only the given environment. */
export function runPortalCommand(name: "backup" | "restore", args: string[], env: Record<string, string>): Promise<CommandRun> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), path.resolve(`scripts/${name}.ts`), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, startedAt, endedAt: Date.now() }));
  });
}
