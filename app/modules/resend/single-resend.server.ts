import type { UserClaims } from "~/auth/user-claims";
import { sendDiagnosticReport, sendInvoice } from "~/integrations/cccone/client.server";
import { log } from "~/lib/logger.server";
import { notFound } from "~/lib/not-found";
import { done, refused, type ActionOutcome, type RefusedOutcome } from "~/write-path/action-outcome";
import type { TransactionResend } from "./attempt";
import type { SingleResendKind } from "./form-fields";
import type { ResendOutcome } from "./outcome";
import { recordResend } from "./record-resend.server";
import { isClaimedBy, runOnce, WAIT_FOR_FIRST_MS } from "./resend-token.server";
import { sentResendKind, type SingleResendForm } from "./schema";
import { brokenOutcome, expiredFormOutcome, refusedOutcome, singleResendOutcome, stillRunningOutcome } from "./single-resend-outcome";
import { checkSingleResend, type ResendTransaction } from "./single-resend-rules.server";
import { latestSentMessage } from "./stored-messages.server";

/**
 * A single resend from a detail view ('Resend Results' or 'Resend Invoice'): the server checks the
 * provider scope and the rules again (a resend they do not allow is refused, nothing sent), claims
 * the form's one-time token, sends the transaction's stored message again through the CCC ONE
 * client, and records the attempt (workflow documents, retry counts, audit row) in one database
 * transaction. A repeated form gets the stored outcome without sending again.
 */

export type SingleResendAnswer =
  /** Unknown id, or another provider's for a provider-only user: the same 404. */
  | { kind: "not-found" }
  /** Nothing was sent: the rules do not allow it, or the form is not this user's. */
  | { kind: "refused"; outcome: ResendOutcome }
  | { kind: "done"; outcome: ResendOutcome };

export interface SingleResendOptions {
  now?: () => Date;
  waitForFirstMs?: number;
}

async function send(kind: SingleResendKind, scanRequestId: number): Promise<TransactionResend> {
  if (kind === "results") {
    const message = await latestSentMessage(scanRequestId, "DIAGNOSTIC_REPORT");
    return { scanRequestId, diagnosticReport: message && { kind: "diagnostic-report", message, result: await sendDiagnosticReport(scanRequestId, message) } };
  }
  const message = await latestSentMessage(scanRequestId, "INVOICE");
  return { scanRequestId, invoice: message && { kind: "invoice", message, result: await sendInvoice(scanRequestId, message) } };
}

async function sendAndRecord(user: UserClaims, kind: SingleResendKind, transaction: ResendTransaction, now: () => Date): Promise<ResendOutcome> {
  try {
    const resend = await send(kind, transaction.scanRequestId);
    await recordResend(user, resend, transaction.scanResponseId, now());
    return singleResendOutcome(kind, resend);
  } catch (error) {
    log.error("A single resend failed", { scanRequestId: transaction.scanRequestId, kind, error });
    return brokenOutcome(kind);
  }
}

export async function singleResend(
  user: UserClaims,
  requestId: string | undefined,
  form: SingleResendForm,
  options: SingleResendOptions = {},
): Promise<SingleResendAnswer> {
  const now = options.now ?? (() => new Date());
  const checked = await checkSingleResend(user, requestId);
  if (!checked) return { kind: "not-found" };
  // A repeated form answers with its first outcome, even when that first resend has since changed
  // what the rules say (a resent invoice that CCC ONE accepted may not be resent again). The rules
  // are read before the claim, so a resend that changed them has claimed the token already.
  if (!checked.allowed[form.kind] && !(await isClaimedBy(form.token, user.id))) return { kind: "refused", outcome: refusedOutcome(form.kind) };

  const stillRunning = stillRunningOutcome(form.kind);
  const once = await runOnce(form.token, user.id, { now, waitForFirstMs: options.waitForFirstMs ?? WAIT_FOR_FIRST_MS, stillRunning }, () =>
    sendAndRecord(user, form.kind, checked.transaction, now),
  );
  return once.kind === "foreign" ? { kind: "refused", outcome: expiredFormOutcome(form.kind) } : once;
}

/** Nothing was sent: the pop-up says why (the button's form has no place for errors). */
function refusedWith(outcome: ResendOutcome): RefusedOutcome {
  return refused({ formErrors: outcome.lines.length > 0 ? outcome.lines : [outcome.message], message: outcome });
}

/** A form the portal did not render (no valid kind or token), refused by its schema: it has expired. */
export function expiredSingleResend(sent: Record<string, unknown> | undefined): RefusedOutcome {
  return refusedWith(expiredFormOutcome(sentResendKind(sent)));
}

/** A single resend as posted from a detail view, its form read by its schema; an id the user may not see is the 404 page, as its detail view is. */
export async function resendFromDetail(user: UserClaims, requestId: string, form: SingleResendForm): Promise<ActionOutcome> {
  const answer = await singleResend(user, requestId, form);
  if (answer.kind === "not-found") notFound();
  return answer.kind === "refused" ? refusedWith(answer.outcome) : done(answer.outcome);
}
