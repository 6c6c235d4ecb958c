import { RESEND_FIELDS, RESPOND_WITH_DIALOG } from "./form-fields";

/**
 * The form of a single resend from a detail view (the Status panel's 'Resend Results', the Invoice
 * Information panel's 'Resend Invoice'): POST /transactions/{id}/resend with the kind, the form's
 * one-time token and the detail view to go back to. Safe to import in the browser.
 */

export const SINGLE_RESEND_KINDS = ["results", "invoice"] as const;
export type SingleResendKind = (typeof SINGLE_RESEND_KINDS)[number];

export const SINGLE_RESEND_FIELDS = {
  kind: "kind",
  token: RESEND_FIELDS.token,
  back: RESEND_FIELDS.back,
  /** Set by the button once JavaScript runs: answer with data for the pop-up instead of a redirect. */
  respond: RESEND_FIELDS.respond,
} as const;

export { RESPOND_WITH_DIALOG };

export function isSingleResendKind(value: unknown): value is SingleResendKind {
  return typeof value === "string" && (SINGLE_RESEND_KINDS as readonly string[]).includes(value);
}

/** Where a single resend posts. */
export function singleResendPath(requestId: number | string): string {
  return `/transactions/${encodeURIComponent(String(requestId))}/resend`;
}

/** The detail view of a transaction, where a form without a (valid) way back returns to. */
export function detailPath(requestId: number | string): string {
  return `/transactions/${encodeURIComponent(String(requestId))}`;
}
