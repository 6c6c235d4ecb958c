import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Cleanups } from "./cleanups";
import type { HealthResult, HealthTarget } from "./health-poller";

const MONITOR = fileURLToPath(new URL("./health-monitor.ts", import.meta.url));

export interface HealthMonitor {
  /** Ends the polling and returns what each instance answered. */
  stop(): Promise<HealthResult[]>;
}

/** Starts health-monitor.ts in a process of its own (with this process's TypeScript loader); resolves once it polls. */
export async function startHealthMonitor(targets: readonly HealthTarget[], cleanups: Cleanups): Promise<HealthMonitor> {
  const child = spawn(process.execPath, [...process.execArgv, MONITOR, ...targets.map((target) => `${target.name}=${target.url}`)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  cleanups.add(`stop the health monitor (pid ${child.pid})`, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    const polling = () => {
      if (!stdout.startsWith("polling\n")) return;
      child.stdout.off("data", polling);
      resolve();
    };
    child.stdout.on("data", polling);
    void exited.then((code) => reject(new Error(`The health monitor exited with ${code} before polling`)));
  });
  return {
    async stop() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`The health monitor exited with ${code}`);
      return JSON.parse(stdout.slice("polling\n".length)) as HealthResult[];
    },
  };
}
