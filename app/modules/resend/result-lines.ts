import { invoiceFailureMessage, type TransactionResend } from "./attempt";
import { INVOICE_POSTED, NO_STORED_INVOICE, NO_STORED_REPORT, SCAN_RESULT_FAILED, SCAN_RESULT_POSTED } from "./vocabulary";

/**
 * One line per transaction for the pop-up, in the single resends' words (spec §8): 'Scan Result
 * Posted Successfully' or 'Failed to Resend Scan Result'; 'Invoice Posted Successfully', 'Failed
 * to Resend Invoice' (CCC ONE answered with an error status) or 'Failed to Post Invoice' (no
 * usable answer), each with CCC ONE's reason.
 */

function reportPart(report: TransactionResend["diagnosticReport"]): string | null {
  if (report === undefined) return null;
  if (report === null) return NO_STORED_REPORT;
  return report.result.ok ? SCAN_RESULT_POSTED : `${SCAN_RESULT_FAILED} (${report.result.error})`;
}

function invoicePart(invoice: TransactionResend["invoice"]): string | null {
  if (invoice === undefined) return null;
  if (invoice === null) return NO_STORED_INVOICE;
  const { result } = invoice;
  if (result.ok) return `${INVOICE_POSTED} (${result.accepted ? result.responseText : `rejected: ${result.responseText}`})`;
  return `${invoiceFailureMessage(result)} (${result.error})`;
}

/** The pop-up takes lines of at most this many characters. */
export const MAX_LINE = 500;

export function boundedLine(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

export function resultLine(resend: TransactionResend): string {
  const parts = [reportPart(resend.diagnosticReport), invoicePart(resend.invoice)].filter((part): part is string => part !== null);
  return boundedLine(`Request ${resend.scanRequestId}: ${parts.join("; ")}`);
}

/** The line of a transaction whose resend could not be completed or recorded. */
export function brokenLine(scanRequestId: number, message: string): string {
  return `Request ${scanRequestId}: ${message}`;
}
