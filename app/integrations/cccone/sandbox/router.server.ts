import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import { DIAGNOSTIC_REPORTS_PATH, INVOICES_PATH, SCAN_REQUEST_ID_HEADER } from "../endpoints";
import { answerDiagnosticReport, readReportFields } from "./diagnostic-report-rules";
import { answerInvoice } from "./invoice-rules";
import { ReceivedLog, type ReceivedMessage } from "./received-log.server";
import { reportAnswer, soapFault, type SandboxAnswer } from "./sandbox-answer";
import { elementContent, elementText } from "../xml-text";

/**
 * The built-in CCC ONE sandbox: a real HTTP receiver that server.ts mounts at /sandbox/cccone when
 * CCCONE_URL is not set. It answers diagnostic reports and invoices by fixed rules (see the rule
 * files and docs/decisions/0007-cccone-sandbox.md) and fails on purpose, with HTTP 503, for the
 * scan request ids that the failure pattern matches. Nothing in the portal depends on what it keeps.
 */

export interface CccOneSandboxOptions {
  /** Scan request ids to fail with HTTP 503 (compileFailurePattern); none when absent. */
  failPattern?: RegExp | null;
  /** How many received messages to keep. */
  keep?: number;
}

export interface CccOneSandbox {
  router: Router;
  received: ReceivedLog;
  /** Changes which scan request ids fail from now on (tests and demos). */
  setFailPattern(pattern: RegExp | null): void;
}

export const MAX_MESSAGE_BYTES = "1mb";
export const REPORT_SERVICE_DOWN = "ERROR 5003: CCC ONE service unavailable (sandbox failure rule)";
export const INVOICE_SERVICE_DOWN = "CCC ONE invoice service unavailable (sandbox failure rule)";

type Kind = ReceivedMessage["kind"];

function scanRequestIdOf(req: Request, kind: Kind, body: string): string | null {
  const header = req.get(SCAN_REQUEST_ID_HEADER)?.trim();
  if (header) return header;
  if (kind === "diagnostic-report") return readReportFields(body)?.scanRequestId ?? null;
  const invoice = elementContent(body, "PostInvoice");
  return invoice === null ? null : elementText(invoice, "ScanRequestId");
}

function send(res: Response, answer: SandboxAnswer): void {
  res.status(answer.status).type(answer.contentType).send(answer.body);
}

export function createCccOneSandbox(options: CccOneSandboxOptions = {}): CccOneSandbox {
  const received = new ReceivedLog(options.keep);
  let failPattern = options.failPattern ?? null;
  const router = express.Router();
  const text = express.text({ type: () => true, limit: MAX_MESSAGE_BYTES });

  const receiver = (kind: Kind, answer: (body: string, scanRequestId: string | null) => SandboxAnswer) =>
    [
      text,
      (req: Request, res: Response) => {
        const body = typeof req.body === "string" ? req.body : "";
        const scanRequestId = scanRequestIdOf(req, kind, body);
        const failing = scanRequestId !== null && failPattern?.test(scanRequestId) === true;
        const result = failing
          ? kind === "diagnostic-report"
            ? reportAnswer(503, false, REPORT_SERVICE_DOWN)
            : soapFault(503, "soap:Server", INVOICE_SERVICE_DOWN)
          : answer(body, scanRequestId);
        received.add({ kind, scanRequestId, contentType: req.get("content-type") ?? null, body, answeredStatus: result.status, at: new Date() });
        send(res, result);
      },
    ] as const;

  router.post(DIAGNOSTIC_REPORTS_PATH, ...receiver("diagnostic-report", (body, id) => answerDiagnosticReport(body, id)));
  router.post(INVOICES_PATH, ...receiver("invoice", (body) => answerInvoice(body)));
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found: the CCC ONE sandbox takes POST /diagnostic-reports and POST /invoices.");
  });
  const bodyErrors: ErrorRequestHandler = (error: { status?: unknown }, _req, res, _next) => {
    const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 400;
    res.status(status).type("text/plain").send("The message could not be read.");
  };
  router.use(bodyErrors);
  return {
    router,
    received,
    setFailPattern(pattern) {
      failPattern = pattern;
    },
  };
}
