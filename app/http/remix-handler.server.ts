import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { bodyIsRender } from "~/lib/requests-answering.server";
import { answerDatabaseOutages } from "./database-outage.server";
import { answerUnansweredMethod } from "./method-answer.server";
import { assertUnknownRoutePath, routeIdOf, unansweredMethod } from "./unanswered-method.server";
import { writeBody } from "./write-body.server";

/**
 * @remix-run/express's request handler with four changes: the response body is written with
 * backpressure (writeBody); a method the route does not answer gets a GET's answer from a user who
 * may not open the page, else 405 with Allow (method-answer.server.ts; decision 0063); and a database outage in any
 * loader or action is answered with 503 (answerDatabaseOutages). The request is built by the
 * adapter's own createRemixRequest, whose signal aborts when the client goes away before the
 * response finished. And a legacy `?_data=` request is refused with 400 (below).
 */
export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (res: ExpressResponse) => AppLoadContext;
  /** Whether a GET of these routes would show the request's user the page, without touching the session (route-access.server.ts). */
  mayOpen: (request: Request, routeIds: readonly string[]) => Promise<boolean>;
}

/** A CSV download's compression is flushed once a second: its reader sees progress, not every chunk. */
const DOWNLOAD_FLUSH_MS = 1000;

function isDownload(response: Response): boolean {
  return /^text\/csv\b/i.test(response.headers.get("Content-Type") ?? "");
}

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the route sets replaces the middleware's default of the same name (a report preview
  // may be framed by the portal's own pages); Set-Cookie lines add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  for (const [key, value] of Object.entries(extraHeaders)) res.setHeader(key, value);
  // Answered before its body was read (refused as too large, or never looked at): the rest of the
  // body would be taken for the next request on this connection, so the connection ends here.
  if (!req.complete) res.setHeader("Connection", "close");
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  // A download's or an event stream's body is a transfer, not the making of the answer.
  if (!bodyIsRender(response.headers.get("Content-Type"))) res.locals.answered?.(isDownload(response) ? "transfer" : undefined);
  if (response.body) await writeBody(response.body, res, { flushEveryMs: isDownload(response) ? DOWNLOAD_FLUSH_MS : 0 });
  else res.end();
}

/**
 * A `?_data=` request is Remix's data protocol from before single fetch, which the portal's pages
 * never use: Remix still routes it, down a path that answers 200 with no body, 204 when signed out,
 * and 500 when the loader returns null (`/logout?_data=`; found by the hostile input walk, decision
 * 0021). It is the client's mistake: 400, before Remix sees it.
 */
export const LEGACY_DATA_REQUEST_ANSWER = "Bad Request: ?_data requests are not supported; the portal uses single fetch (.data URLs).";

function isLegacyDataRequest(req: ExpressRequest): boolean {
  const query = req.originalUrl.split("?", 2)[1];
  return query !== undefined && new URLSearchParams(query).has("_data");
}

export function createRemixHandler(options: RemixHandlerOptions): RequestHandler {
  const handleRequest = createRemixRequestHandler(answerDatabaseOutages(options.build), options.mode);
  const currentBuild = typeof options.build === "function" ? options.build : () => Promise.resolve(options.build as ServerBuild);
  if (typeof options.build !== "function") assertUnknownRoutePath(options.build);
  return async (req, res, next) => {
    if (isLegacyDataRequest(req)) {
      res.status(400).type("text/plain").send(LEGACY_DATA_REQUEST_ANSWER);
      return;
    }
    try {
      const request = createRemixRequest(req, res);
      const context = options.getLoadContext(res);
      const build = await currentBuild();
      res.locals.routeLabel = routeIdOf(build, new URL(request.url)) ?? "unmatched";
      const unanswered = unansweredMethod(build, request);
      if (unanswered) {
        const answer = await answerUnansweredMethod({ request, unanswered, context, mayOpen: options.mayOpen, handle: handleRequest });
        await sendResponse(req, res, answer.response, answer.headers);
        return;
      }
      await sendResponse(req, res, await handleRequest(request, context));
    } catch (error) {
      next(error);
    }
  };
}
