import { sharedLimit } from "~/integrations/http/concurrency-limit.server";
import { postWithDeadline, type PostOutcome } from "~/integrations/http/post-with-deadline.server";
import { log } from "~/lib/logger.server";
import { recordResend, type ResendOutcome } from "~/lib/metrics.server";
import { invoiceAnswerText, readInvoiceAnswer, readReportAnswer, readSoapFault } from "./answers";
import { DIAGNOSTIC_REPORTS_PATH, INVOICES_PATH, SANDBOX_SECRET_HEADER, SCAN_REQUEST_ID_HEADER } from "./endpoints";
import { getCccOneSettings } from "./settings.server";

/**
 * The CCC ONE client: posts a stored diagnostic report or invoice message over real HTTP to the
 * configured service (CCCONE_URL, or the built-in sandbox), at most a few calls in flight per
 * process, each with a deadline. Every failure (an HTTP error status, no answer in time, no
 * connection, an answer that cannot be read) is a result the caller records, never a thrown error.
 */

export interface OutgoingMessage {
  content: string;
  /** As stored with the message; guessed from the content when missing. */
  contentType: string | null;
}

export type CccOneFailureKind =
  /** CCC ONE answered with an HTTP error status. */
  | "http-status"
  /** CCC ONE answered 2xx with an ERROR status. */
  | "error-answer"
  | "timeout"
  | "unreachable"
  /** An answer that is not what CCC ONE sends (or too large). */
  | "unreadable"
  | "not-configured";

/** What went over the wire, for the workflow log. */
export interface CccOneExchange {
  sentAt: Date;
  finishedAt: Date;
  status: number | null;
  responseBody: string | null;
  responseContentType: string | null;
}

export type CccOneFailure = { ok: false; failure: CccOneFailureKind; error: string; exchange: CccOneExchange };

export type DiagnosticReportResult = { ok: true; responseText: string; exchange: CccOneExchange } | CccOneFailure;

export type InvoiceResult = { ok: true; accepted: boolean; responseText: string; exchange: CccOneExchange } | CccOneFailure;

function contentTypeOf(message: OutgoingMessage): string {
  const stored = message.contentType ?? (message.content.trimStart().startsWith("<") ? "application/xml" : "application/json");
  return stored.includes("charset=") ? stored : `${stored}; charset=utf-8`;
}

async function post(
  path: string,
  scanRequestId: number,
  message: OutgoingMessage,
): Promise<{ outcome: PostOutcome | null; exchange: CccOneExchange; timeoutMs: number }> {
  const sentAt = new Date();
  const settings = getCccOneSettings();
  if (!settings) {
    return { outcome: null, timeoutMs: 0, exchange: { sentAt, finishedAt: sentAt, status: null, responseBody: null, responseContentType: null } };
  }
  const outcome = await sharedLimit("cccone", settings.maxInFlight).run(() =>
    postWithDeadline({
      url: `${settings.baseUrl}${path}`,
      body: message.content,
      contentType: contentTypeOf(message),
      headers: {
        [SCAN_REQUEST_ID_HEADER]: String(scanRequestId),
        ...(settings.sandboxSecret ? { [SANDBOX_SECRET_HEADER]: settings.sandboxSecret } : {}),
      },
      timeoutMs: settings.timeoutMs,
    }),
  );
  const answered = outcome.kind === "answered";
  return {
    outcome,
    timeoutMs: settings.timeoutMs,
    exchange: {
      sentAt,
      finishedAt: new Date(),
      status: answered || outcome.kind === "unreadable" ? outcome.status : null,
      responseBody: answered ? outcome.body : null,
      responseContentType: answered ? outcome.contentType : null,
    },
  };
}

function failure(failureKind: CccOneFailureKind, error: string, exchange: CccOneExchange, scanRequestId: number, what: string): CccOneFailure {
  log.warn(`CCC ONE ${what} failed`, { scanRequestId, failure: failureKind, status: exchange.status, error });
  return { ok: false, failure: failureKind, error, exchange };
}

/** The failure for anything but a 2xx answer; null for a 2xx answer (the caller reads it). */
function transportFailure(
  outcome: PostOutcome | null,
  timeoutMs: number,
  detailOf: (body: string) => string | null,
): { kind: CccOneFailureKind; error: string } | null {
  if (outcome === null) return { kind: "not-configured", error: "The CCC ONE service is not configured" };
  switch (outcome.kind) {
    case "timeout":
      return { kind: "timeout", error: `No answer from CCC ONE within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}` };
    case "unreachable":
      return { kind: "unreachable", error: `CCC ONE could not be reached (${outcome.reason})` };
    case "unreadable":
      return { kind: "unreadable", error: `The answer of CCC ONE could not be read (${outcome.reason})` };
    case "answered": {
      if (outcome.status >= 200 && outcome.status < 300) return null;
      const detail = detailOf(outcome.body);
      return { kind: "http-status", error: `CCC ONE answered HTTP ${outcome.status}${detail ? `: ${detail}` : ""}` };
    }
  }
}

/** Longer reasons from CCC ONE are cut to this many characters in error texts. */
const MAX_DETAIL = 200;

function answerDetail(body: string): string | null {
  const detail = readReportAnswer(body)?.message || readSoapFault(body) || null;
  return detail && detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail;
}

/** How a resend ended, for the metrics: an answer refusing it is a refusal, no usable answer a failure. */
function resendOutcome(result: DiagnosticReportResult | InvoiceResult): ResendOutcome {
  if (result.ok) return "accepted" in result && !result.accepted ? "refusal" : "success";
  if (result.failure === "timeout") return "timeout";
  return result.failure === "error-answer" ? "refusal" : "failure";
}

/** Posts a diagnostic report; success is a 2xx answer with status SUCCESS and its message. */
export async function sendDiagnosticReport(scanRequestId: number, message: OutgoingMessage): Promise<DiagnosticReportResult> {
  const result = await postDiagnosticReport(scanRequestId, message);
  recordResend("results", resendOutcome(result));
  return result;
}

/** Posts an invoice; a 2xx answer carries an accept or a reject result (both are answers, not failures). */
export async function sendInvoice(scanRequestId: number, message: OutgoingMessage): Promise<InvoiceResult> {
  const result = await postInvoice(scanRequestId, message);
  recordResend("invoice", resendOutcome(result));
  return result;
}

async function postDiagnosticReport(scanRequestId: number, message: OutgoingMessage): Promise<DiagnosticReportResult> {
  const { outcome, exchange, timeoutMs } = await post(DIAGNOSTIC_REPORTS_PATH, scanRequestId, message);
  const failed = transportFailure(outcome, timeoutMs, answerDetail);
  if (failed) return failure(failed.kind, failed.error, exchange, scanRequestId, "diagnostic report");
  const answer = readReportAnswer(exchange.responseBody ?? "");
  if (!answer) return failure("unreadable", "The answer of CCC ONE could not be read", exchange, scanRequestId, "diagnostic report");
  if (!answer.succeeded)
    return failure("error-answer", answerDetail(exchange.responseBody ?? "") || "CCC ONE answered with an error", exchange, scanRequestId, "diagnostic report");
  return { ok: true, responseText: answer.message, exchange };
}

async function postInvoice(scanRequestId: number, message: OutgoingMessage): Promise<InvoiceResult> {
  const { outcome, exchange, timeoutMs } = await post(INVOICES_PATH, scanRequestId, message);
  const failed = transportFailure(outcome, timeoutMs, answerDetail);
  if (failed) return failure(failed.kind, failed.error, exchange, scanRequestId, "invoice");
  const body = exchange.responseBody ?? "";
  const answer = readInvoiceAnswer(body);
  if (!answer) {
    const fault = answerDetail(body);
    const error = fault ? `CCC ONE answered with a fault: ${fault}` : "The answer of CCC ONE has neither an accept nor a reject result";
    return failure("unreadable", error, exchange, scanRequestId, "invoice");
  }
  return { ok: true, accepted: answer.accepted, responseText: invoiceAnswerText(answer), exchange };
}
