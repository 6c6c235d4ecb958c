import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { sendDiagnosticReport, sendInvoice } from "~/integrations/cccone/client.server";
import { log } from "~/lib/logger.server";
import { mapWithConcurrency } from "~/lib/map-with-concurrency";
import { done, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import type { TransactionResend } from "./attempt";
import { resendResultHref } from "./form-fields";
import type { ResendOutcome } from "./outcome";
import { recordResend } from "./record-resend.server";
import { runOnce, WAIT_FOR_FIRST_MS } from "./resend-token.server";
import { brokenLine, resultLine } from "./result-lines";
import type { ResendForm } from "./schema";
import { checkSelection, type SelectedTransaction } from "./selection.server";
import { latestSentMessage } from "./stored-messages.server";
import { FAIL_MESSAGE, FAIL_TITLE, REFUSALS, RESULT_TITLE, resultMessage, STILL_RUNNING } from "./vocabulary";

/**
 * The bulk resend (Available Actions): checks the whole selection first and refuses it whole, with
 * nothing sent, when any rule is broken; claims the form's one-time token; then sends each
 * transaction's stored diagnostic report and/or invoice again (a few transactions at a time, the
 * client bounding the calls in flight) and records each transaction's attempts in one database
 * transaction. The outcome is stored with the token, so a repeated form gets it without sending.
 * A transaction whose resend breaks (an unexpected error) gets a failure line; the others go on.
 * A refusal's reasons are its form errors; an outcome too long for the pop-up is shown in full on
 * the resend page, from the stored result.
 */

/** The resend as a whole broke (the action's runAction answers this). */
export const BULK_RESEND_BROKEN: ResendOutcome = { title: FAIL_TITLE, message: FAIL_MESSAGE, lines: [] };

/** Transactions handled at once (each sends its report, then its invoice). */
export const TRANSACTIONS_AT_ONCE = 4;

export interface BulkResendOptions {
  now?: () => Date;
  waitForFirstMs?: number;
}

async function resendOne(row: SelectedTransaction, form: ResendForm): Promise<TransactionResend> {
  const { scanRequestId } = row;
  const resend: TransactionResend = { scanRequestId };
  if (form.diagnosticReport) {
    const message = await latestSentMessage(scanRequestId, "DIAGNOSTIC_REPORT");
    resend.diagnosticReport = message && { kind: "diagnostic-report", message, result: await sendDiagnosticReport(scanRequestId, message) };
  }
  if (form.invoice) {
    const message = await latestSentMessage(scanRequestId, "INVOICE");
    resend.invoice = message && { kind: "invoice", message, result: await sendInvoice(scanRequestId, message) };
  }
  return resend;
}

async function resendAndRecord(user: UserClaims, row: SelectedTransaction, form: ResendForm, now: () => Date): Promise<string> {
  try {
    const resend = await resendOne(row, form);
    await recordResend(user, resend, row.scanResponseId, now());
    return resultLine(resend);
  } catch (error) {
    log.error("Resending a transaction failed", { scanRequestId: row.scanRequestId, error });
    return brokenLine(row.scanRequestId, FAIL_MESSAGE);
  }
}

export async function bulkResend(user: UserClaims, form: ResendForm, options: BulkResendOptions = {}): Promise<ActionOutcome> {
  const now = options.now ?? (() => new Date());
  const selection = await checkSelection(form.ids, await providerScopeOf(user));
  if (selection.refusals.length > 0) return refused({ formErrors: selection.refusals });
  if (!form.diagnosticReport && !form.invoice) return refused({ formErrors: [REFUSALS.nothingChosen] });

  const stillRunning: ResendOutcome = { title: RESULT_TITLE, message: STILL_RUNNING, lines: [] };
  const once = await runOnce(form.token, user.id, { now, waitForFirstMs: options.waitForFirstMs ?? WAIT_FOR_FIRST_MS, stillRunning }, async () => {
    const lines = await mapWithConcurrency(selection.rows, TRANSACTIONS_AT_ONCE, (row) => resendAndRecord(user, row, form, now));
    return { title: RESULT_TITLE, message: resultMessage(lines.length), lines };
  });
  if (once.kind === "foreign") return refused({ formErrors: [REFUSALS.expiredForm] });
  return done(once.outcome, { fullAt: resendResultHref(form.token, form.back) });
}

/** The Available Actions form refused by its schema: a form the portal did not render (no valid token) has expired. */
export const expiredResendForm = (): RefusedOutcome => refused({ formErrors: [REFUSALS.expiredForm] });
