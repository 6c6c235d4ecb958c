import type { RequestHandler, Response } from "express";
import type { Logger } from "~/lib/logger.server";
import { recordRequest } from "~/lib/metrics.server";
import { runWithRequestContext } from "~/lib/request-context.server";
import { acceptOrCreateRequestId, REQUEST_ID_HEADER } from "~/lib/request-id.server";
import { answeringRequest } from "~/lib/requests-answering.server";

/** Counts the body bytes handed to the socket (after compression, which wraps these methods). */
function countBodyBytes(res: Response): () => number {
  let bytes = 0;
  const add = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") {
      bytes += Buffer.byteLength(chunk, Buffer.isEncoding(String(encoding)) ? (encoding as BufferEncoding) : "utf8");
    } else if (chunk instanceof Uint8Array) {
      bytes += chunk.byteLength;
    }
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, ...args: unknown[]) {
    add(args[0], args[1]);
    return Reflect.apply(write, this, args) as boolean;
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    if (typeof args[0] !== "function") add(args[0], args[1]);
    return Reflect.apply(end, this, args) as Response;
  } as Response["end"];
  return () => bytes;
}

/**
 * Gives every request an id (kept from X-Request-Id when well-formed), echoes it, runs the rest
 * of the chain inside the request context so every log line carries it, counts it as being
 * answered (requests-answering.server.ts), and writes one access log line and the request's metrics. The path is logged without its query string: queries may carry sensitive values.
 */
export function requestContextMiddleware(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = acceptOrCreateRequestId(req.headers["x-request-id"]);
    res.locals.requestId = requestId;
    // Named by whatever answers the request (the Remix handler names the route).
    res.locals.routeLabel = "unmatched";
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const startedAt = process.hrtime.bigint();
    const bodyBytes = countBodyBytes(res);
    let logged = false;
    const logAccess = () => {
      if (logged) return;
      logged = true;
      const durationMs = Number((process.hrtime.bigint() - startedAt) / 1000n) / 1000;
      recordRequest(res.locals.routeLabel, req.method, res.statusCode, durationMs / 1000);
      runWithRequestContext({ requestId }, () =>
        logger.info("request", {
          method: req.method,
          path: req.originalUrl.split("?")[0],
          status: res.statusCode,
          durationMs,
          bytes: bodyBytes(),
          ...(res.writableFinished ? {} : { aborted: true }),
        }),
      );
    };
    const answered = answeringRequest();
    res.locals.answered = answered;
    res.once("finish", () => answered());
    res.once("close", () => answered());
    res.once("finish", logAccess);
    res.once("close", logAccess);
    runWithRequestContext({ requestId, method: req.method, clientAddress: req.ip ?? req.socket.remoteAddress }, next);
  };
}
