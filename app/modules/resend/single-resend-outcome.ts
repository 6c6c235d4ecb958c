import { invoiceFailureMessage, type TransactionResend } from "./attempt";
import type { SingleResendKind } from "./form-fields";
import type { ResendOutcome } from "./outcome";
import { boundedLine } from "./result-lines";
import {
  FAIL_MESSAGE,
  FAIL_TITLE,
  INVOICE_NOT_POSTED,
  INVOICE_NOT_RESENT,
  INVOICE_POSTED,
  NO_STORED_INVOICE,
  NO_STORED_REPORT,
  SCAN_RESULT_FAILED,
  SCAN_RESULT_POSTED,
  RESEND_INVOICE_ACTION,
  RESEND_RESULTS_ACTION,
  SINGLE_REFUSALS,
  STILL_RUNNING,
  SUCCESS_TITLE,
} from "./vocabulary";

/**
 * The pop-up after a single resend (spec §8): 'Success' / 'Scan Result Posted Successfully' or
 * 'Fail' / 'Failed to Resend Scan Result'; 'Success' / 'Invoice Posted Successfully' for any
 * HTTP 200 answer (CCC ONE's accept or reject is the line below it), 'Fail' / 'Failed to Resend
 * Invoice' for an HTTP error status, 'Fail' / 'Failed to Post Invoice' when no usable answer came.
 * The line under the message is CCC ONE's own text or the reason.
 */

export const INVOICE_REJECTED_PREFIX = "CCC ONE rejected the invoice: ";

export function resultsOutcome(report: TransactionResend["diagnosticReport"]): ResendOutcome {
  if (!report) return { title: FAIL_TITLE, message: SCAN_RESULT_FAILED, lines: [NO_STORED_REPORT] };
  const { result } = report;
  if (result.ok) return { title: SUCCESS_TITLE, message: SCAN_RESULT_POSTED, lines: [result.responseText] };
  return { title: FAIL_TITLE, message: SCAN_RESULT_FAILED, lines: [result.error] };
}

export function invoiceOutcome(invoice: TransactionResend["invoice"]): ResendOutcome {
  if (!invoice) return { title: FAIL_TITLE, message: INVOICE_NOT_POSTED, lines: [NO_STORED_INVOICE] };
  const { result } = invoice;
  if (result.ok) {
    return {
      title: SUCCESS_TITLE,
      message: INVOICE_POSTED,
      lines: [result.accepted ? result.responseText : `${INVOICE_REJECTED_PREFIX}${result.responseText}`],
    };
  }
  return { title: FAIL_TITLE, message: invoiceFailureMessage(result), lines: [result.error] };
}

/** The outcome of a resend that ran; CCC ONE's text is cut to what the pop-up takes. */
export function singleResendOutcome(kind: SingleResendKind, resend: TransactionResend): ResendOutcome {
  const outcome = kind === "results" ? resultsOutcome(resend.diagnosticReport) : invoiceOutcome(resend.invoice);
  return { ...outcome, lines: outcome.lines.map(boundedLine) };
}

/** A resend the rules do not allow: nothing was sent. */
export function refusedOutcome(kind: SingleResendKind): ResendOutcome {
  return { title: FAIL_TITLE, message: kind === "results" ? SCAN_RESULT_FAILED : INVOICE_NOT_RESENT, lines: [SINGLE_REFUSALS[kind]] };
}

/** A form the portal did not render, or another user's: nothing was sent. */
export function expiredFormOutcome(kind: SingleResendKind | null): ResendOutcome {
  if (kind === null) return { title: FAIL_TITLE, message: SINGLE_REFUSALS.expiredForm, lines: [] };
  return { title: FAIL_TITLE, message: kind === "results" ? SCAN_RESULT_FAILED : INVOICE_NOT_RESENT, lines: [SINGLE_REFUSALS.expiredForm] };
}

/** The resend broke (an unexpected error): the spec's "exception" words; both kinds' when the kind is unknown. */
export function brokenOutcome(kind: SingleResendKind | null): ResendOutcome {
  if (kind === null) return { title: FAIL_TITLE, message: FAIL_MESSAGE, lines: [] };
  return { title: FAIL_TITLE, message: kind === "results" ? SCAN_RESULT_FAILED : INVOICE_NOT_POSTED, lines: [] };
}

/** A repeated form whose first request has not finished after the wait: nothing more was sent. */
export function stillRunningOutcome(kind: SingleResendKind): ResendOutcome {
  return { title: kind === "results" ? RESEND_RESULTS_ACTION : RESEND_INVOICE_ACTION, message: STILL_RUNNING, lines: [] };
}
