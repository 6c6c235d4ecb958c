import zlib from "node:zlib";
import { getOnce } from "./http";
import { canonicalPath } from "./page-timing";
import type { Browser } from "../../tests/support/http-browser";

export interface ClientJs {
  files: number;
  gzipBytes: number;
  rawBytes: number;
}

/**
 * The JavaScript files a page's HTML makes the browser load: modulepreload links, script src and
 * the imports of inline module scripts, under /build/ (the inline route manifest also names
 * modules of routes not on the page; those are not loaded and not counted).
 */
export function scriptUrls(html: string): string[] {
  const patterns = [
    /<link[^>]*rel="modulepreload"[^>]*href="(\/build\/[^"]+\.js)"/g,
    /<script[^>]*src="(\/build\/[^"]+\.js)"/g,
    /import(?:\s+[^"';]*?\s+from)?\s*\(?\s*"(\/build\/[^"]+\.js)"/g,
  ];
  return [...new Set(patterns.flatMap((pattern) => [...html.matchAll(pattern)].map((match) => match[1])))];
}

/** Fetches each script the page loads and gzips it (level 9), as a browser would download it compressed. */
export async function measureClientJs(browser: Browser, base: string, pagePath: string): Promise<ClientJs> {
  const html = await (await getOnce(browser, `${base}${await canonicalPath(browser, base, pagePath)}`)).text();
  const urls = scriptUrls(html);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await getOnce(browser, `${base}${url}`)).arrayBuffer());
    rawBytes += body.byteLength;
    gzipBytes += zlib.gzipSync(body, { level: 9 }).byteLength;
  }
  return { files: urls.length, gzipBytes, rawBytes };
}
