import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { logRequestError } from "~/lib/request-error-log.server";
import { serverTiming } from "~/lib/server-timing.server";

/** How long deferred data may stream before the render gives up on it (single fetch reads this export). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // Crawlers and no-streaming cases get the whole document at once; browsers get the shell first.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const { nonce } = loadContext;
  const renderStarted = performance.now();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const sendDocument = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Server-Timing", serverTiming(performance.now() - renderStarted));
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) sendDocument();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) sendDocument();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and Remix logs them through handleError.
          if (shellRendered) log.error("Streaming render failed", { error });
        },
      },
    );
    const abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** A `.data` answer (a client-side navigation's loaders, or an action) carries its database time. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  try {
    response.headers.set("Server-Timing", serverTiming());
  } catch {
    // Response.redirect's headers cannot be changed; such an answer goes without the timing.
  }
  return response;
};

/**
 * Errors from loaders, actions and rendering, logged with the request id: a client's mistake
 * (Remix's 4xx answers) as one info line, a server fault as an error. Aborted requests are neither.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logRequestError(log, "Request failed on the server", error, { method: request.method, path: new URL(request.url).pathname });
};

// The Express entry (server.ts) starts the portal through the build, so one module graph serves
// every request (decision 0080).
export { describeStartFailure, startPortal } from "./start-portal.server";
