import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { RequestHandler, Response as ExpressResponse } from "express";
import { answerDatabaseOutages } from "./database-outage.server";
import { writeBody } from "./write-body.server";

/**
 * @remix-run/express's request handler with two changes: the response body is written with
 * backpressure (writeBody), and a database outage in any loader or action is answered with 503
 * (answerDatabaseOutages). The request is built by the adapter's own createRemixRequest, whose
 * signal aborts when the client goes away before the response finished.
 */
export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (res: ExpressResponse) => AppLoadContext;
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the route sets replaces the middleware's default of the same name (a report preview
  // may be framed by the portal's own pages); Set-Cookie lines add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

export function createRemixHandler(options: RemixHandlerOptions): RequestHandler {
  const handleRequest = createRemixRequestHandler(answerDatabaseOutages(options.build), options.mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handleRequest(request, options.getLoadContext(res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
