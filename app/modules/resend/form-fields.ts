/** Names of the resend form's fields, shared by the page, the modal and the action. */
export const RESEND_FIELDS = {
  ids: "ids",
  token: "token",
  diagnosticReport: "resendDiagnosticReport",
  invoice: "resendInvoice",
  back: "back",
  /** The grid's bulk form names the way back so; taken when `back` is absent. */
  returnTo: "returnTo",
  /** Set by the modal: answer with data for the pop-up instead of a redirect. */
  respond: "respond",
} as const;

export const RESPOND_WITH_DIALOG = "dialog";

/** The page of the dialog, also the no-JavaScript confirmation page. */
export const RESEND_PATH = "/transactions/resend";
/** Where Cancel goes when the form names no (valid) grid to go back to. */
export const DEFAULT_BACK = "/transactions";

/** The resend page's URL for a selection (what the grid's bulk form submits with GET). */
export function resendHref(ids: ReadonlyArray<number | string>, back: string): string {
  const query = new URLSearchParams();
  for (const id of ids) query.append(RESEND_FIELDS.ids, String(id));
  query.set(RESEND_FIELDS.back, back);
  return `${RESEND_PATH}?${query.toString()}`;
}
