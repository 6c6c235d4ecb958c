import http from "node:http";
import zlib from "node:zlib";

/**
 * A download over node:http, for tests that need what fetch hides: no Accept-Encoding unless
 * asked for, the moment each chunk arrives, pausing (a client that stops reading) and going away
 * mid-body.
 */
export interface RawDownload {
  /** Resolves with the status line and headers, before the body. */
  response: Promise<http.IncomingMessage>;
  /** Resolves once the first body chunk has arrived. */
  firstChunk: Promise<void>;
  /** Resolves when the body has ended (all of it) or failed; never rejects. */
  ended: Promise<{ complete: boolean; bytes: number }>;
  /** Body bytes received so far. */
  bytes(): number;
  /** The body as text, and as bytes (when `keep` was set). */
  text(): string;
  body(): Buffer;
  /** Stops reading: the server is held back by backpressure. */
  pause(): void;
  resume(): void;
  /** Goes away mid-download: the socket is closed. */
  abort(): void;
}

export interface RawDownloadOptions {
  cookie: string;
  headers?: Record<string, string>;
  /** Keep the body (for small downloads whose content is checked). */
  keep?: boolean;
  method?: "GET" | "HEAD";
}

export function rawDownload(url: string, options: RawDownloadOptions): RawDownload {
  let received = 0;
  const parts: Buffer[] = [];
  let message: http.IncomingMessage | undefined;
  let resolveFirst: () => void = () => undefined;
  const firstChunk = new Promise<void>((resolve) => (resolveFirst = resolve));
  let resolveEnded: (value: { complete: boolean; bytes: number }) => void = () => undefined;
  const ended = new Promise<{ complete: boolean; bytes: number }>((resolve) => (resolveEnded = resolve));
  const request = http.request(url, {
    method: options.method ?? "GET",
    headers: { Cookie: options.cookie, "Accept-Encoding": "identity", Connection: "close", ...options.headers },
    agent: false,
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once("error", (error) => {
      reject(error);
      resolveEnded({ complete: false, bytes: received });
    });
    request.once("response", (incoming) => {
      message = incoming;
      incoming.on("data", (chunk: Buffer) => {
        received += chunk.byteLength;
        if (options.keep) parts.push(chunk);
        resolveFirst();
      });
      incoming.once("end", () => resolveEnded({ complete: incoming.complete, bytes: received }));
      incoming.once("error", () => resolveEnded({ complete: false, bytes: received }));
      incoming.once("close", () => resolveEnded({ complete: incoming.complete, bytes: received }));
      resolve(incoming);
    });
  });
  request.end();
  return {
    response,
    firstChunk,
    ended,
    bytes: () => received,
    text: () => Buffer.concat(parts).toString("utf8"),
    body: () => Buffer.concat(parts),
    pause: () => message?.pause(),
    resume: () => message?.resume(),
    abort: () => request.destroy(),
  };
}

/** A small GET over node:http that resolves with the status and the whole body as text (gunzipped when `gzip`). */
export async function rawGet(
  url: string,
  cookie = "",
  options: { gzip?: boolean } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const download = rawDownload(url, { cookie, keep: true, headers: options.gzip ? { "Accept-Encoding": "gzip" } : {} });
  const response = await download.response;
  await download.ended;
  const bytes = download.body();
  const body = response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(bytes) : bytes;
  return { status: response.statusCode ?? 0, headers: response.headers, body: body.toString("utf8") };
}
