import type { RequestHandler } from "express";

/**
 * A path with a malformed percent-escape (`/%ff`, `/%`, a cut UTF-8 sequence) is the client's
 * mistake: 400 before any router tries to decode it (Express's would throw a URIError, a 500).
 */
export function malformedPathGuard(): RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      res.status(400).type("text/plain").send("Bad Request: the address is not a valid URL.");
      return;
    }
    next();
  };
}
