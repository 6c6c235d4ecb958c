import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { SANDBOX_SECRET_HEADER } from "../endpoints";

/**
 * Who may post to the built-in sandbox: only a caller holding its secret (the portal's own CCC ONE
 * client, in the same process). Checked before the body is read, so a refused request costs no
 * memory and leaves nothing in the received log.
 */

export const MIN_SANDBOX_SECRET_LENGTH = 32;
export const SANDBOX_SECRET_MISSING = "The CCC ONE sandbox takes messages from the portal only (its secret header is missing).";
export const SANDBOX_SECRET_WRONG = "The CCC ONE sandbox takes messages from the portal only (its secret header is wrong).";
export const SANDBOX_BROWSER_REFUSED = "The CCC ONE sandbox does not take messages from web pages.";

/** A fresh secret for one process (when CCCONE_SANDBOX_SECRET is not set). */
export function generateSandboxSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Equal length digests, so the comparison takes the same time whatever was sent. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function requireSandboxSecret(secret: string): RequestHandler {
  const expected = digest(secret);
  return (req, res, next) => {
    const refuse = (status: number, message: string) => {
      // The body is never read: close the connection rather than drain it.
      res.set("Connection", "close").status(status).type("text/plain").send(message);
    };
    // Browsers send Origin with every POST; the portal's server-side client never does.
    if (req.get("origin") !== undefined) return refuse(403, SANDBOX_BROWSER_REFUSED);
    const sent = req.get(SANDBOX_SECRET_HEADER);
    if (!sent) return refuse(401, SANDBOX_SECRET_MISSING);
    if (!timingSafeEqual(digest(sent), expected)) return refuse(403, SANDBOX_SECRET_WRONG);
    next();
  };
}
