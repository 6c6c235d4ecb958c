import type { BenchDatabase } from "./database";
import { startServer, type RunningServer } from "../../tests/support/server-process";

/**
 * Runs a benchmark against the production server on a bench database (demo seeding off): starts
 * it, runs `work`, and whatever happens stops it and cleans the database up. When `work` fails the
 * server's last error log lines go to stderr first; its own stderr always does.
 */
export async function withBenchServer<T>(
  bench: BenchDatabase,
  server: { env?: Record<string, string>; nodeArgs?: readonly string[]; startTimeoutMs: number },
  work: (running: RunningServer) => Promise<T>,
): Promise<T> {
  const running = await startServer({ ...bench.serverEnv, SEED_SCALE: "1", ...server.env }, server.startTimeoutMs, server.nodeArgs).catch(
    async (error: unknown) => {
      await bench.cleanup();
      throw error;
    },
  );
  try {
    return await work(running);
  } catch (error) {
    for (const line of running.logs.filter((entry) => entry.level === "error").slice(-5)) process.stderr.write(`server: ${JSON.stringify(line)}\n`);
    throw error;
  } finally {
    const exit = await running.stop();
    if (exit.stderr.trim()) process.stderr.write(`server stderr: ${exit.stderr.trim().slice(-2000)}\n`);
    await bench.cleanup();
  }
}
