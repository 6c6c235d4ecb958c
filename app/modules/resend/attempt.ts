import type { DiagnosticReportResult, InvoiceResult } from "~/integrations/cccone/client.server";
import type { StoredMessage } from "./stored-messages.server";

/** One message sent again and what came of it. */
export type ResendAttempt =
  | { kind: "diagnostic-report"; message: StoredMessage; result: DiagnosticReportResult }
  | { kind: "invoice"; message: StoredMessage; result: InvoiceResult };

/** What a transaction's resend did with each part the user chose. */
export interface TransactionResend {
  scanRequestId: number;
  /** Absent: not chosen. null: chosen, but no stored message to send. */
  diagnosticReport?: ResendAttempt & { kind: "diagnostic-report" } | null;
  invoice?: ResendAttempt & { kind: "invoice" } | null;
}

/** The invoice status an invoice attempt leaves (the invoice statuses of the vocabulary). */
export function invoiceStatusAfter(result: InvoiceResult): "ACCEPTED" | "REJECTED" | "FAILED" {
  if (!result.ok) return "FAILED";
  return result.accepted ? "ACCEPTED" : "REJECTED";
}
