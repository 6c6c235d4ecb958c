/**
 * The words of the Available Actions dialog (spec §2 and §8, word for word where the spec has
 * them) and the refusal messages of the rules the server checks. Safe to import in the browser.
 */
export const AVAILABLE_ACTIONS_TITLE = "Available Actions";
export const RESEND_DIAGNOSTIC_REPORT_LABEL = "resubmit the diagnostic result to CCCONE";
export const RESEND_INVOICE_LABEL = "resubmit the diagnostic invoice to CCCONE";
export const RESENDING_SPINNER_TEXT = "Resending Invoices/Diagnostic reports to CCCOne...";
/** The spec's limit for the spinner: hidden after this long even if the work continues. */
export const SPINNER_LIMIT_MS = 5000;

export const RESULT_TITLE = "Diagnostic report and Invoice status";
export const FAIL_TITLE = "Fail";
export const FAIL_MESSAGE = "Failed to resend Invoices/Diagnostic reports";

/** The single resends' messages (spec §8), used for each transaction's result line. */
export const SCAN_RESULT_POSTED = "Scan Result Posted Successfully";
export const SCAN_RESULT_FAILED = "Failed to Resend Scan Result";
export const INVOICE_POSTED = "Invoice Posted Successfully";
export const INVOICE_NOT_RESENT = "Failed to Resend Invoice";
export const INVOICE_NOT_POSTED = "Failed to Post Invoice";
/** The single resends' pop-up titles (spec §8 'Success' / 'Fail'). */
export const SUCCESS_TITLE = "Success";
/** The single resends' loading messages (spec §8). */
export const RESENDING_RESULTS = "Resending Results...";
export const RESENDING_INVOICE = "Resending Invoice...";
/** The single resends' action labels (spec §4). */
export const RESEND_RESULTS_ACTION = "Resend Results";
export const RESEND_INVOICE_ACTION = "Resend Invoice";
export const NO_STORED_REPORT = "No stored diagnostic report to resend";
export const NO_STORED_INVOICE = "No stored invoice to resend";

/** The largest grid page: a bulk resend covers at most one page of selected rows. */
export const MAX_RESEND_SELECTION = 50;

export const REFUSAL_TITLE = "These transactions cannot be resent";
export const REFUSALS = {
  nothingSelected: "Select at least one transaction to resend.",
  tooMany: `Select at most ${MAX_RESEND_SELECTION} transactions at a time.`,
  notFound: (ids: string) => `Transactions not found: ${ids}.`,
  notScan: (rows: string) => `Only transactions with scan type Scan can be resent: ${rows}.`,
  failedOrCancelled: (rows: string) => `Failed or cancelled transactions cannot be resent: ${rows}.`,
  nothingChosen: "Choose the diagnostic result, the invoice, or both.",
  expiredForm: "This form has expired. Please open Available Actions again.",
} as const;

/** Why a single resend from a detail view is refused (nothing is sent). */
export const SINGLE_REFUSALS = {
  results: "Resending the scan result is not allowed for this transaction.",
  invoice: "Resending the invoice is not allowed for this transaction.",
  expiredForm: "This form has expired. Please reload the page and try again.",
} as const;

export const STILL_RUNNING = "This resend is still under way; its results will appear in the transactions' workflow logs.";

export function resultMessage(count: number): string {
  return `Results for ${count} transaction(s):`;
}
