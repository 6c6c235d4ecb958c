import type { RequestHandler } from "express";
import { createNonce, securityHeaders } from "~/lib/security-headers.server";

/** Security headers on every response, with a fresh CSP nonce that the document's scripts carry. */
export function securityHeadersMiddleware(options: { extraFormActionOrigins: readonly string[]; extraImageOrigins: readonly string[] }): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.nonce = nonce;
    res.set(
      securityHeaders({ nonce, https: req.secure, extraFormActionOrigins: options.extraFormActionOrigins, extraImageOrigins: options.extraImageOrigins }),
    );
    next();
  };
}
