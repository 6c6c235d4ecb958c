import { RESPOND_FIELD, RESPOND_WITH_DIALOG } from "~/write-path/action-outcome";

/**
 * The resend forms' field names and paths, shared by the pages, the modal, the buttons and the
 * actions: the bulk resend (Available Actions) and the single resends of a detail view ('Resend
 * Results', 'Resend Invoice'). Safe to import in the browser.
 */

export { RESPOND_WITH_DIALOG };

export const RESEND_FIELDS = {
  ids: "ids",
  token: "token",
  diagnosticReport: "resendDiagnosticReport",
  invoice: "resendInvoice",
  back: "back",
  /** The grid's bulk form names the way back so; taken when `back` is absent. */
  returnTo: "returnTo",
  /** Set by the modal: answer with data for the pop-up instead of a redirect. */
  respond: RESPOND_FIELD,
} as const;

/** The page of the dialog, also the no-JavaScript confirmation page. */
export const RESEND_PATH = "/transactions/resend";
/** Where Cancel goes when the form names no (valid) grid to go back to. */
export const DEFAULT_BACK = "/transactions";
/** The query parameter naming a finished resend whose outcome the resend page shows. */
export const RESULT_PARAM = "result";

/** The resend page's URL for a selection (what the grid's bulk form submits with GET). */
export function resendHref(ids: ReadonlyArray<number | string>, back: string): string {
  const query = new URLSearchParams();
  for (const id of ids) query.append(RESEND_FIELDS.ids, String(id));
  query.set(RESEND_FIELDS.back, back);
  return `${RESEND_PATH}?${query.toString()}`;
}

/** The resend page showing a finished resend's stored outcome in full (kept with the form's token). */
export function resendResultHref(token: string, back: string): string {
  return `${RESEND_PATH}?${new URLSearchParams({ [RESULT_PARAM]: token, [RESEND_FIELDS.back]: back }).toString()}`;
}

export const SINGLE_RESEND_KINDS = ["results", "invoice"] as const;
export type SingleResendKind = (typeof SINGLE_RESEND_KINDS)[number];

/** POST /transactions/{id}/resend: the kind, the form's one-time token and the detail view to go back to. */
export const SINGLE_RESEND_FIELDS = {
  kind: "kind",
  token: RESEND_FIELDS.token,
  back: RESEND_FIELDS.back,
  /** Set by the button once JavaScript runs: answer with data for the pop-up instead of a redirect. */
  respond: RESPOND_FIELD,
} as const;

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
