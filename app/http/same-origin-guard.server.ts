import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SAME_SITE_FETCHES = new Set(["same-origin", "none"]);

/**
 * Requests that change data must come from the portal's own pages: a non-GET whose
 * Sec-Fetch-Site or Origin says another site is refused with 403 before any route runs.
 */
export function sameOriginGuard(allowedOrigins: () => readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const crossSiteFetch = fetchSite !== undefined && !SAME_SITE_FETCHES.has(fetchSite);
    const foreignOrigin = origin !== undefined && !allowedOrigins().includes(origin);
    if (crossSiteFetch || foreignOrigin) {
      res.status(403).type("text/plain").send("Forbidden: this request did not come from the portal.");
      return;
    }
    next();
  };
}
