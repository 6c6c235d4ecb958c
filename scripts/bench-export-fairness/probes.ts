import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DownloadsSpec, DownloadsReport, DownloadsCommand } from "./download-process";
import type { Browser } from "../../tests/support/http-browser";
import { percentile } from "../bench-grid/stats";

/** Latencies of one kind of request made during a window (ms, from sending to the last byte). */
export interface ProbeResult {
  count: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarizeLatencies(durations: readonly number[], failures: number): ProbeResult {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failures,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : Number.NaN,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The same request over and over, one at a time, `pauseMs` apart, until stopped. A request still
 * waiting when the window closes is awaited and counted with its whole wait.
 */
export function probeLoop(once: () => Promise<void>, pauseMs: number): { stop(): Promise<ProbeResult> } {
  const durations: number[] = [];
  let failures = 0;
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        await once();
        durations.push(performance.now() - started);
      } catch {
        failures++;
      }
      if (pauseMs > 0 && !stopped) await sleep(pauseMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return summarizeLatencies(durations, failures);
    },
  };
}

/** GET /api/health as a load balancer does: a 200 with its JSON, read to the end. */
export function healthRequest(base: string): () => Promise<void> {
  return async () => {
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status}`);
  };
}

/** A signed-in grid page (gzip accepted, as a browser asks), read to the end. */
export function pageRequest(browser: Browser, url: string): () => Promise<void> {
  return async () => {
    const response = await browser.get(url);
    const html = await response.text();
    if (response.status !== 200 || !html.includes("</html>")) throw new Error(`${url} answered ${response.status}`);
  };
}

export interface RunningExports {
  /** Resolves when the first download has ended. */
  firstEnded: Promise<void>;
  /** Bytes received by all downloads so far (compressed ones with gzip), and how many have ended. */
  totals(): Promise<{ bytes: number; ended: number }>;
  /** Closes every download's connection, and ends their process. */
  abort(): void;
}

/**
 * Starts `count` downloads of `url` at once, in a process of their own (download-process.ts), and
 * resolves once one of them has sent its first bytes (a server that does not share its time may
 * hold the others back until that one ends).
 */
export async function startExports(url: string, cookie: string, count: number, gzip: boolean): Promise<RunningExports> {
  const spec: DownloadsSpec = { url, cookie, count, gzip };
  const child = fork(fileURLToPath(new URL("./download-process.ts", import.meta.url)), [JSON.stringify(spec)], { execArgv: ["--import", "tsx"] });
  const replies: Array<(totals: { bytes: number; ended: number }) => void> = [];
  let resolveFirst: () => void = () => undefined;
  let resolveEnded: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (resolveFirst = resolve));
  const firstEnded = new Promise<void>((resolve) => (resolveEnded = resolve));
  child.on("message", (message: DownloadsReport) => {
    if (message.type === "first") resolveFirst();
    else if (message.type === "ended") resolveEnded();
    else if (message.type === "problem") progress(message.message);
    else replies.shift()?.(message);
  });
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void gone.then(() => {
    resolveFirst();
    resolveEnded();
  });
  await first;
  return {
    firstEnded,
    totals: () =>
      new Promise((resolve) => {
        replies.push(resolve);
        child.send({ type: "totals" } satisfies DownloadsCommand);
      }),
    abort: () => {
      if (child.connected) child.send({ type: "abort" } satisfies DownloadsCommand);
    },
  };
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
