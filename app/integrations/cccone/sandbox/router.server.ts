import express, { type ErrorRequestHandler, type Request, type Response, type Router } from "express";
import { requireSandboxSecret } from "~/integrations/sandbox/sandbox-secret.server";
import { DIAGNOSTIC_REPORTS_PATH, INVOICES_PATH, SANDBOX_SECRET_HEADER, SCAN_REQUEST_ID_HEADER } from "../endpoints";
import { answerDiagnosticReport, readReportFields } from "./diagnostic-report-rules";
import { answerInvoice } from "./invoice-rules";
import { ReceivedLog, type ReceivedMessage } from "./received-log.server";
import { reportAnswer, soapFault, type SandboxAnswer } from "./sandbox-answer";
import { elementContent, elementText } from "../xml-text";

/**
 * The built-in CCC ONE sandbox: a real HTTP receiver that the portal mounts at /sandbox/cccone when
 * CCCONE_URL is not set. It answers diagnostic reports and invoices by fixed rules (see the rule
 * files and docs/decisions/0007-cccone-sandbox.md) and fails on purpose, with HTTP 503, for the
 * scan request ids that the failure pattern matches. Nothing in the portal depends on what it keeps.
 * It takes messages only from a caller that sends its secret (the portal's own client), and only up
 * to MAX_MESSAGE_BYTES (decision 0007).
 */

export interface CccOneSandboxOptions {
  /** The shared secret every message must carry in SANDBOX_SECRET_HEADER. */
  secret: string;
  /** Scan request ids to fail with HTTP 503 (compileFailurePattern); none when absent. */
  failPattern?: RegExp | null;
  /** How many received messages to keep. */
  keep?: number;
}

export interface CccOneSandbox {
  router: Router;
  /** For the portal's client (configureCccOneClient): the header value the sandbox requires. */
  secret: string;
  received: ReceivedLog;
  /** Changes which scan request ids fail from now on (tests and demos). */
  setFailPattern(pattern: RegExp | null): void;
}

/**
 * The largest message taken. The portal sends stored messages again: in the demo data diagnostic
 * reports are at most 3.3 KB and invoices 0.8 KB (measured at 30,000 scan requests); a report
 * with many more trouble codes still fits well under this.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024;
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

export function createCccOneSandbox(options: CccOneSandboxOptions): CccOneSandbox {
  const received = new ReceivedLog(options.keep);
  let failPattern = options.failPattern ?? null;
  const router = express.Router();
  const text = express.text({ type: () => true, limit: MAX_MESSAGE_BYTES });

  const authorised = requireSandboxSecret({ secret: options.secret, header: SANDBOX_SECRET_HEADER, name: "The CCC ONE sandbox" });

  const receiver = (kind: Kind, answer: (body: string, scanRequestId: string | null) => SandboxAnswer) =>
    [
      authorised,
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
    if (status === 413) {
      // Close rather than read the rest of a message that is refused anyway.
      res
        .set("Connection", "close")
        .status(413)
        .type("text/plain")
        .send(`The message is larger than ${MAX_MESSAGE_BYTES / 1024} KiB.`);
      return;
    }
    res.status(status).type("text/plain").send("The message could not be read.");
  };
  router.use(bodyErrors);
  return {
    router,
    secret: options.secret,
    received,
    setFailPattern(pattern) {
      failPattern = pattern;
    },
  };
}
