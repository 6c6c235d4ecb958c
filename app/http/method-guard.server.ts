import type { RequestHandler } from "express";

/**
 * The methods some part of the portal answers. Anything else (TRACE, PROPFIND, ...) is refused
 * with 405 before any route, identity provider or file handler sees it: the same answer on
 * every path, so it reveals nothing. (Node itself answers 400 to methods it does not know, e.g. TRACK.)
 */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    res.status(405).set("Allow", "GET, HEAD, POST").type("text/plain").send("Method Not Allowed");
  };
}
