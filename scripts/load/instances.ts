import type { Cleanups } from "./cleanups";
import { startServer, type LogLine, type RunningServer, type ServerExit } from "../../tests/support/server-process";

/**
 * The portal processes of a run: the production build (build/server/index.js) on loopback ports
 * chosen by the system, all on the run's database. Like instances behind a load balancer they share
 * one public origin, PUBLIC_URL: the first instance's address stands in for the balancer's.
 */
export interface PortalInstance {
  /** A, B, ... */
  name: string;
  /** http://127.0.0.1:<port>: where the load connects. */
  url: string;
  pid: number;
  logs: LogLine[];
}

const STOP_GRACE_MS = 15_000;

async function stop(server: RunningServer): Promise<ServerExit> {
  const killLater = setTimeout(() => void server.stop("SIGKILL"), STOP_GRACE_MS);
  try {
    return await server.stop("SIGTERM");
  } finally {
    clearTimeout(killLater);
  }
}

export async function startInstances(
  count: number,
  env: Record<string, string>,
  cleanups: Cleanups,
  log: (message: string) => void,
): Promise<{ instances: PortalInstance[]; publicOrigin: string }> {
  const instances: PortalInstance[] = [];
  let publicOrigin = "";
  for (let index = 0; index < count; index++) {
    const name = String.fromCharCode(65 + index);
    const server = await startServer({ ...env, LOG_LEVEL: "info", ...(publicOrigin ? { PUBLIC_URL: publicOrigin } : {}) }, 180_000);
    cleanups.add(`stop instance ${name} (pid ${server.pid})`, async () => {
      const exit = await stop(server);
      log(`Instance ${name} (pid ${server.pid}) stopped${exit.code === 0 ? "" : ` with ${exit.signal ?? `exit code ${exit.code}`}`}`);
      if (exit.stderr.trim()) log(`Instance ${name} wrote to stderr: ${exit.stderr.trim().slice(-2000)}`);
    });
    if (!publicOrigin) publicOrigin = server.url.replace("127.0.0.1", "localhost");
    log(`Instance ${name} (pid ${server.pid}) listens on ${server.url}`);
    // localhost, the public origin's host: without PUBLIC_URL a page asked for as 127.0.0.1 is redirected there.
    instances.push({ name, url: server.url.replace("127.0.0.1", "localhost"), pid: server.pid, logs: server.logs });
  }
  return { instances, publicOrigin };
}
