import type { Transaction } from "kysely";
import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import type { Database } from "~/db/types";
import type { CccOneExchange } from "~/integrations/cccone/client.server";
import { invoiceStatusAfter, type ResendAttempt, type TransactionResend } from "./attempt";

/**
 * Records one transaction's resend in one database transaction: for every attempt the request sent
 * (OUTBOUND) and the answer or error received (INBOUND) as workflow documents; the retry counts,
 * CCC ONE response and invoice status it leaves; and one audit row with the before and after.
 */

type Trx = Transaction<Database>;

const TRANSACTION_TYPE = { "diagnostic-report": "DIAGNOSTIC_REPORT", invoice: "INVOICE" } as const;
const APP_ID = { "diagnostic-report": "DIP-REPORT-SERVICE", invoice: "DIP-INVOICE-SERVICE" } as const;

function mediaType(contentType: string | null, content: string): string {
  const bare = contentType?.split(";")[0]?.trim().toLowerCase();
  if (bare) return bare;
  return content.trimStart().startsWith("<") ? "application/xml" : "application/json";
}

/** The answer as received, or, when nothing readable came back, the error as a small JSON document. */
function receivedDocument(exchange: CccOneExchange, error: string | null): { content: string; contentType: string } {
  if (exchange.responseBody !== null && exchange.responseBody !== "") {
    return { content: exchange.responseBody, contentType: mediaType(exchange.responseContentType, exchange.responseBody) };
  }
  return { content: JSON.stringify({ status: exchange.status, error: error ?? "Empty answer" }), contentType: "application/json" };
}

async function writeDocuments(trx: Trx, scanRequestId: number, attempt: ResendAttempt): Promise<void> {
  const { exchange } = attempt.result;
  const transactionType = TRANSACTION_TYPE[attempt.kind];
  const appId = attempt.message.appId ?? APP_ID[attempt.kind];
  const received = receivedDocument(exchange, attempt.result.ok ? null : attempt.result.error);
  const common = { scanRequestId, quoteId: null, transactionType, s3ObjectUrl: null, appId };
  await trx
    .insertInto("transactionDocuments")
    .values([
      {
        ...common,
        createdTimestamp: exchange.sentAt.toISOString(),
        messageDirection: "OUTBOUND",
        messageType: "request",
        contentType: mediaType(attempt.message.contentType, attempt.message.content),
        messageContent: attempt.message.content,
      },
      {
        ...common,
        createdTimestamp: exchange.finishedAt.toISOString(),
        messageDirection: "INBOUND",
        messageType: "response",
        contentType: received.contentType,
        messageContent: received.content,
      },
    ])
    .execute();
}

async function applyReportAttempt(
  trx: Trx,
  scanRequestId: number,
  scanResponseId: number | null,
  attempt: ResendAttempt & { kind: "diagnostic-report" },
  at: string,
) {
  const { result } = attempt;
  await trx
    .updateTable("scanRequestDetails")
    .set((eb) => ({
      retryCount: eb("retryCount", "+", 1),
      ccconeResponse: result.ok ? result.responseText : result.error,
      ccconeResponseStatus: result.ok ? "SUCCESS" : "ERROR",
    }))
    .where("scanRequestId", "=", scanRequestId)
    .execute();
  if (scanResponseId !== null) {
    await trx
      .updateTable("scanResponses")
      .set((eb) => ({ diagnosticReportMessageRetryCount: eb("diagnosticReportMessageRetryCount", "+", 1), lastModifiedDateTime: at }))
      .where("scanResponseId", "=", scanResponseId)
      .execute();
  }
}

async function applyInvoiceAttempt(trx: Trx, scanRequestId: number, scanResponseId: number | null, attempt: ResendAttempt & { kind: "invoice" }, at: string) {
  const { result } = attempt;
  const invoiceStatus = invoiceStatusAfter(result);
  const answer = result.exchange.responseBody;
  await trx
    .updateTable("invoices")
    .set((eb) => ({ retryCount: eb("retryCount", "+", 1), invoiceStatus, ...(answer ? { invoiceResponse: answer } : {}) }))
    .where("scanRequestId", "=", scanRequestId)
    .execute();
  await trx.updateTable("scanRequests").set({ invoiceStatus }).where("scanRequestId", "=", scanRequestId).execute();
  if (scanResponseId !== null) {
    await trx
      .updateTable("scanResponses")
      .set((eb) => ({ invoiceMessageRetryCount: eb("invoiceMessageRetryCount", "+", 1), invoiceStatus, lastModifiedDateTime: at }))
      .where("scanResponseId", "=", scanResponseId)
      .execute();
  }
}

/** The fields a resend changes, for the audit row. */
async function resendState(trx: Trx, scanRequestId: number) {
  const request = await trx
    .selectFrom("scanRequests")
    .leftJoin("scanResponses", "scanResponses.scanResponseId", "scanRequests.scanResponseId")
    .select([
      "scanRequests.invoiceStatus",
      "scanRequests.lastModifiedDateTime",
      "scanResponses.diagnosticReportMessageRetryCount",
      "scanResponses.invoiceMessageRetryCount",
    ])
    .where("scanRequests.scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  const details = await trx
    .selectFrom("scanRequestDetails")
    .select(["retryCount", "ccconeResponse", "ccconeResponseStatus"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  const invoice = await trx
    .selectFrom("invoices")
    .select(["invoiceId", "invoiceStatus", "retryCount"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  return { request: request ?? null, details: details ?? null, invoice: invoice ?? null };
}

function attemptSummary(attempt: ResendAttempt) {
  const { result } = attempt;
  return {
    kind: attempt.kind,
    status: result.exchange.status,
    ...(result.ok ? { ok: true, responseText: result.responseText } : { ok: false, failure: result.failure, error: result.error }),
  };
}

export async function recordResend(user: UserClaims, resend: TransactionResend, scanResponseId: number | null, now: Date): Promise<void> {
  const attempts = [resend.diagnosticReport, resend.invoice].filter((attempt): attempt is ResendAttempt => attempt !== undefined && attempt !== null);
  const at = now.toISOString();
  const { scanRequestId } = resend;
  await auditedTransaction(async (trx) => {
    const before = await resendState(trx, scanRequestId);
    for (const attempt of attempts) {
      await writeDocuments(trx, scanRequestId, attempt);
      if (attempt.kind === "diagnostic-report") await applyReportAttempt(trx, scanRequestId, scanResponseId, attempt, at);
      else await applyInvoiceAttempt(trx, scanRequestId, scanResponseId, attempt, at);
    }
    if (attempts.length > 0) await trx.updateTable("scanRequests").set({ lastModifiedDateTime: at }).where("scanRequestId", "=", scanRequestId).execute();
    const after = await resendState(trx, scanRequestId);
    await recordAudit(trx, {
      actor: user.login,
      action: "resend",
      entity: "scan_requests",
      entityId: String(scanRequestId),
      before,
      after: {
        ...after,
        attempts: attempts.map(attemptSummary),
        notStored: [resend.diagnosticReport === null ? "DIAGNOSTIC_REPORT" : null, resend.invoice === null ? "INVOICE" : null].filter((type) => type !== null),
      },
      at: now,
    });
  });
}
