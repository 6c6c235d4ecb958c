import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { metricsText } from "~/lib/metrics.server";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN as a bearer token
 * (`Authorization: Bearer <token>`). Without the token set, there are no metrics: the request goes
 * on to the portal's 404 page, as for any unknown path. A wrong or missing token gets 401.
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!token) return next();
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    if (!match || !sameToken(match[1], token)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').setHeader("Cache-Control", "no-store").type("text/plain").send("Unauthorized");
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.status(200).setHeader("Cache-Control", "no-store").type(contentType).send(body),
      (error: unknown) => next(error),
    );
  };
}
