import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Who may post to a built-in sandbox (CCC ONE's, the providers'): only a caller holding its secret
 * (the portal's own client, in the same process). Checked before the body is read, so a refused
 * request costs no memory and leaves nothing in the received log.
 */

export const MIN_SANDBOX_SECRET_LENGTH = 32;

export interface SandboxGuard {
  /** The secret every message must carry in `header`. */
  secret: string;
  /** A custom header: an HTML form cannot send one, and a cross-site script would need a CORS preflight that no sandbox grants. */
  header: string;
  /** The sandbox's name in its refusals, e.g. "The CCC ONE sandbox". */
  name: string;
}

export const sandboxRefusals = (name: string) => ({
  missing: `${name} takes messages from the portal only (its secret header is missing).`,
  wrong: `${name} takes messages from the portal only (its secret header is wrong).`,
  browser: `${name} does not take messages from web pages.`,
});

/** A fresh secret for one process (when CCCONE_SANDBOX_SECRET is not set). */
export function generateSandboxSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Equal length digests, so the comparison takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function requireSandboxSecret({ secret, header, name }: SandboxGuard): RequestHandler {
  const expected = digest(secret);
  const refusals = sandboxRefusals(name);
  return (req, res, next) => {
    const refuse = (status: number, message: string) => {
      // The body is never read: close the connection rather than drain it.
      res.set("Connection", "close").status(status).type("text/plain").send(message);
    };
    // Browsers send Origin with every POST; the portal's server-side client never does.
    if (req.get("origin") !== undefined) return refuse(403, refusals.browser);
    const sent = req.get(header);
    if (!sent) return refuse(401, refusals.missing);
    if (!timingSafeEqual(digest(sent), expected)) return refuse(403, refusals.wrong);
    next();
  };
}
