import { checkFormToken, newFormToken, runOnce as runFormOnce, type OnceOptions, type TokenCheck } from "~/write-path/one-time-form.server";
import type { ResendOutcome } from "./outcome";

/** A resend form's one-time token (one-time-form.server.ts): a resend acts once per form. */
const PURPOSE = "resend";

export { finishedOutcome, isClaimedBy, TOKEN_LIFETIME_MS, WAIT_FOR_FIRST_MS } from "~/write-path/one-time-form.server";

export function newResendToken(userId: string, now: Date = new Date()): string {
  return newFormToken(PURPOSE, userId, now);
}

export function checkResendToken(token: string, userId: string, now: Date): TokenCheck {
  return checkFormToken(PURPOSE, token, userId, now);
}

export function runOnce(token: string, userId: string, options: OnceOptions, run: () => Promise<ResendOutcome>) {
  return runFormOnce(PURPOSE, token, userId, options, run);
}
