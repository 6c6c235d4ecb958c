import { AsyncResource } from "node:async_hooks";
import type { Server } from "node:http";
import type { Logger } from "~/lib/logger.server";

export interface GracefulShutdownOptions {
  server: Server;
  timeoutMs: number;
  /**
   * How long the server goes on serving after the signal, answering /api/ready 503, so a load
   * balancer takes the instance out before it stops accepting connections. 0: it stops at once.
   */
  drainMs?: number;
  logger: Logger;
  /** Releases what the process holds once no request is running (the database). */
  release: () => Promise<void>;
  exit: (code: number) => void;
}

export interface ShutdownControl {
  isStopping(): boolean;
}

/**
 * SIGTERM or SIGINT: not ready at once (isStopping), then after drainMs stop accepting connections,
 * let requests in flight finish (bounded by timeoutMs, then their connections are cut), release
 * resources, exit 0. A second signal while stopping exits at once with 1.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): ShutdownControl {
  const { server, logger } = options;
  let stopping = false;

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn("Second signal while stopping: exiting now", { signal });
      options.exit(1);
      return;
    }
    stopping = true;
    const startedAt = Date.now();
    const drainMs = options.drainMs ?? 0;
    if (drainMs > 0) {
      logger.info("Stopping: not ready; still serving while load balancers notice", { signal, drainMs });
      setTimeout(() => close(signal, startedAt), drainMs);
    } else close(signal, startedAt);
  };

  const close = (signal: NodeJS.Signals, startedAt: number) => {
    logger.info("Stopping: no new connections; waiting for requests in flight", { signal, timeoutMs: options.timeoutMs });

    // Keep-alive connections that finish their request become idle; close them as they do.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    let forced = false;
    const deadline = setTimeout(() => {
      forced = true;
      logger.warn("Shutdown timeout reached: closing the remaining connections", { timeoutMs: options.timeoutMs });
      server.closeAllConnections();
    }, options.timeoutMs);

    const finish = () => {
      clearInterval(idleSweep);
      clearTimeout(deadline);
      options
        .release()
        .catch((error: unknown) => logger.error("Releasing resources failed during shutdown", { error }))
        .finally(() => {
          logger.info("Stopped", { signal, durationMs: Date.now() - startedAt, forced });
          options.exit(0);
        });
    };
    // Bound to this context: the close callback would otherwise run in the last request's
    // context, and the final log lines would carry that request's id.
    server.close(AsyncResource.bind(finish));
  };

  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return { isStopping: () => stopping };
}
