import type { Browser } from "../../tests/support/http-browser";
import { rawDownload, type RawDownload } from "../../tests/support/raw-download";
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
  downloads: RawDownload[];
  /** Resolves when the first download has ended. */
  firstEnded: Promise<void>;
}

/**
 * Starts `count` downloads of `url` at once and resolves once one of them has sent its first
 * bytes (a server that does not share its time may hold the others back until that one ends).
 */
export async function startExports(url: string, cookie: string, count: number, gzip: boolean): Promise<RunningExports> {
  const downloads = Array.from({ length: count }, () => rawDownload(url, { cookie, headers: { "Accept-Encoding": gzip ? "gzip" : "identity" } }));
  for (const download of downloads) {
    void download.response.then((response) => {
      if (response.statusCode !== 200) {
        progress(`an export answered ${response.statusCode}: raise EXPORT_LIMIT_PER_USER / EXPORT_LIMIT_TOTAL for the benchmark`);
        return;
      }
      const encoding = response.headers["content-encoding"] ?? "identity";
      if (encoding !== (gzip ? "gzip" : "identity")) progress(`an export came with Content-Encoding ${encoding}`);
    });
  }
  await Promise.race(downloads.map((download) => download.firstChunk));
  return { downloads, firstEnded: Promise.race(downloads.map((download) => download.ended)).then(() => undefined) };
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);
