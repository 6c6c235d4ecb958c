import type { CccOneFailure, DiagnosticReportResult, InvoiceResult } from "~/integrations/cccone/client.server";
import type { StoredMessage } from "./stored-messages.server";
import { INVOICE_NOT_POSTED, INVOICE_NOT_RESENT } from "./vocabulary";

/** One message sent again and what came of it. */
export type ResendAttempt =
  { kind: "diagnostic-report"; message: StoredMessage; result: DiagnosticReportResult } | { kind: "invoice"; message: StoredMessage; result: InvoiceResult };

/** What a transaction's resend did with each part the user chose. */
export interface TransactionResend {
  scanRequestId: number;
  /** Absent: not chosen. null: chosen, but no stored message to send. */
  diagnosticReport?: (ResendAttempt & { kind: "diagnostic-report" }) | null;
  invoice?: (ResendAttempt & { kind: "invoice" }) | null;
}

/** The invoice status an invoice attempt leaves (the invoice statuses of the vocabulary). */
export function invoiceStatusAfter(result: InvoiceResult): "ACCEPTED" | "REJECTED" | "FAILED" {
  if (!result.ok) return "FAILED";
  return result.accepted ? "ACCEPTED" : "REJECTED";
}

/**
 * The spec's words for an invoice that did not get through (§8): 'Failed to Resend Invoice' when
 * CCC ONE answered with an HTTP error status ("non-200"), 'Failed to Post Invoice' when there was
 * no usable answer at all (no connection, no answer in time, an unreadable answer: "exception").
 */
export function invoiceFailureMessage(failure: CccOneFailure): string {
  return failure.failure === "http-status" ? INVOICE_NOT_RESENT : INVOICE_NOT_POSTED;
}
