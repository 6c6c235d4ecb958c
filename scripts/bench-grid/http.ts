import http from "node:http";
import zlib from "node:zlib";
import type { Browser } from "../../tests/support/http-browser";

/**
 * A GET that tries once more when the connection fails before an answer: after a long pause (the
 * SQL timed alone in between) the server may close an idle keep-alive connection just as the
 * client reuses it.
 */
export async function getOnce(browser: Browser, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await browser.request(url, init);
  } catch {
    return browser.request(url, init);
  }
}

/** What Chromium asks for: the server chooses (brotli, when it offers it). */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** The decoder of a response's Content-Encoding, or null for a body sent as it is. */
function decoderOf(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  if (encoding === "gzip") return zlib.createGunzip();
  if (encoding === "deflate") return zlib.createInflate();
  if (encoding === "br") return zlib.createBrotliDecompress();
  if (encoding === undefined || encoding === "identity") return null;
  throw new Error(`The server answered with an encoding the benchmark does not read: ${encoding}`);
}

/**
 * A download as a browser receives it, with the browser's cookies and encodings: each decoded
 * piece handed to `onBytes` as it arrives. Through node:http and zlib's streams rather than fetch,
 * whose decoding took 3 to 12 s for a download they decode in 2.6 to 3.1 s on this machine: the
 * benchmark measures the server, not its client.
 */
export function download(browser: Browser, url: string, onBytes: (bytes: Uint8Array) => void): Promise<{ status: number; encoding: string | undefined }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get(target, { headers: { Cookie: browser.cookieHeader(target.pathname), "Accept-Encoding": BROWSER_ACCEPT_ENCODING } }, (response) => {
      const encoding = response.headers["content-encoding"];
      const decoder = decoderOf(encoding);
      const body: NodeJS.ReadableStream = decoder ? response.pipe(decoder) : response;
      body.on("data", (bytes: Buffer) => onBytes(bytes));
      body.on("end", () => resolve({ status: response.statusCode ?? 0, encoding }));
      body.on("error", reject);
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}
