import type { RequestHandler } from "express";
import { containsNul } from "~/lib/nul-character";

/** Whether the query string, decoded as the routes decode it, carries a NUL in a name or a value. */
function queryHasNul(url: string): boolean {
  const start = url.indexOf("?");
  if (start < 0) return false;
  const query = url.slice(start + 1);
  if (containsNul(query)) return true;
  if (!query.includes("%00")) return false;
  for (const [name, value] of new URLSearchParams(query)) if (containsNul(name) || containsNul(value)) return true;
  return false;
}

/**
 * An address that is not a valid URL of the portal is the client's mistake: 400 before any router
 * reads it. That is a path with a malformed percent-escape (`/%ff`, `/%`, a cut UTF-8 sequence:
 * Express's router would throw a URIError, a 500), and a NUL anywhere in the path or the query
 * (`%00`, see nul-character.ts).
 */
export function malformedPathGuard(): RequestHandler {
  return (req, res, next) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      res.status(400).type("text/plain").send("Bad Request: the address is not a valid URL.");
      return;
    }
    if (containsNul(path) || queryHasNul(req.originalUrl)) {
      res.status(400).type("text/plain").send("Bad Request: the address is not a valid URL.");
      return;
    }
    next();
  };
}
