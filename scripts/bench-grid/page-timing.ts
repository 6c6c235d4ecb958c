import { getOnce } from "./http";
import { processCpuMs } from "./process-usage";
import { repeat, type RepeatLimits, type Timing } from "./stats";
import type { Browser } from "../../tests/support/http-browser";

/**
 * The canonical URL of a grid query: the grid redirects hand-made or remembered queries to it
 * (one hop, or two for a bare URL with a remembered query), and only a 200 page is timed.
 */
export async function canonicalPath(browser: Browser, base: string, path: string): Promise<string> {
  let current = path;
  for (let hop = 0; hop < 4; hop++) {
    const response = await getOnce(browser, `${base}${current}`);
    await response.arrayBuffer();
    if (response.status === 200) return current;
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) throw new Error(`${current} answered ${response.status}`);
    const next = new URL(location, base);
    current = `${next.pathname}${next.search}`;
  }
  throw new Error(`${path} kept redirecting`);
}

export interface PageTiming extends Timing {
  /** The server's CPU time per request (user + system), which the machine's other work does not inflate much. */
  serverCpuMs: number;
}

/** The full HTML of a page, timed from the request to the last byte, repeatedly. */
export async function timePage(browser: Browser, url: string, limits: RepeatLimits, serverPid: number): Promise<PageTiming> {
  let requests = 0;
  const cpuBefore = processCpuMs(serverPid);
  const timing = await repeat(async () => {
    requests++;
    const response = await getOnce(browser, url);
    const html = await response.text();
    if (response.status !== 200 || html.length === 0) throw new Error(`${url} answered ${response.status}`);
  }, limits);
  return { ...timing, serverCpuMs: (processCpuMs(serverPid) - cpuBefore) / requests };
}
