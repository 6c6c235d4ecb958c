import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendDiagnosticReport, sendInvoice } from "~/integrations/cccone/client.server";
import { setCccOneSettings } from "~/integrations/cccone/settings.server";
import { MAX_ANSWER_BYTES } from "~/integrations/http/post-with-deadline.server";
import { setLogLevel } from "~/lib/logger.server";

/**
 * The CCC ONE client against a real local HTTP server whose answer each test chooses: every way a
 * call can go wrong comes back as a failure result.
 */

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

const REPORT = { content: "<DiagnosticScanReport><ScanRequestId>41</ScanRequestId></DiagnosticScanReport>", contentType: "application/xml" };
const INVOICE = { content: "<soap:Envelope><soap:Body><PostInvoice/></soap:Body></soap:Envelope>", contentType: "application/xml" };
const SAVED = "Report for scan request 41 attached to workfile CCC1-1. PDF REPORT GENERATED AND SAVED";

let server: http.Server;
let baseUrl: string;
let handler: Handler;
const received: Array<{ url: string | undefined; body: string; headers: http.IncomingHttpHeaders }> = [];

function xml(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "Content-Type": "application/xml" });
  res.end(body);
}

function useClient(timeoutMs = 2000, maxInFlight = 4): void {
  setCccOneSettings({ baseUrl: `${baseUrl}/`, timeoutMs, maxInFlight });
}

beforeAll(async () => {
  setLogLevel("error");
  server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ url: req.url, body, headers: req.headers });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cccone`;
});

afterAll(async () => {
  setCccOneSettings(undefined);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
});

describe("the CCC ONE client", () => {
  it("posts the stored message as it is, with the scan request id, and reads a SUCCESS answer", async () => {
    useClient();
    handler = (_req, _body, res) => xml(res, 200, `<?xml version="1.0"?><CccOneResponse><Status>SUCCESS</Status><Message>${SAVED}</Message></CccOneResponse>`);
    const result = await sendDiagnosticReport(41, REPORT);
    expect(result).toMatchObject({ ok: true, responseText: SAVED, exchange: { status: 200 } });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: "/cccone/diagnostic-reports", body: REPORT.content });
    expect(received[0].headers["x-scan-request-id"]).toBe("41");
    expect(received[0].headers["content-type"]).toBe("application/xml; charset=utf-8");
  });

  it("reads an invoice's accept and reject results as answers, not failures", async () => {
    useClient();
    handler = (_req, _body, res) =>
      xml(
        res,
        200,
        `<soap:Envelope xmlns:soap="x"><soap:Body><PostInvoiceResponse><AcceptResult><InvoiceId>INV1_1</InvoiceId><Message>Invoice accepted</Message></AcceptResult></PostInvoiceResponse></soap:Body></soap:Envelope>`,
      );
    expect(await sendInvoice(7, INVOICE)).toMatchObject({ ok: true, accepted: true, responseText: "Invoice accepted" });
    expect(received[0].url).toBe("/cccone/invoices");
    handler = (_req, _body, res) =>
      xml(
        res,
        200,
        `<Envelope><Body><PostInvoiceResponse><RejectResult><Code>E1042</Code><Message>Repair order is closed &amp; locked</Message></RejectResult></PostInvoiceResponse></Body></Envelope>`,
      );
    expect(await sendInvoice(7, INVOICE)).toMatchObject({ ok: true, accepted: false, responseText: "E1042: Repair order is closed & locked" });
  });

  it("turns a 5xx answer into a failure naming the status and CCC ONE's reason", async () => {
    useClient();
    handler = (_req, _body, res) => xml(res, 503, "<CccOneResponse><Status>ERROR</Status><Message>ERROR 5003: down</Message></CccOneResponse>");
    const report = await sendDiagnosticReport(41, REPORT);
    expect(report).toMatchObject({ ok: false, failure: "http-status", error: "CCC ONE answered HTTP 503: ERROR 5003: down", exchange: { status: 503 } });
    handler = (_req, _body, res) =>
      xml(res, 500, "<Envelope><Body><Fault><faultcode>Server</faultcode><faultstring>Invoice service down</faultstring></Fault></Body></Envelope>");
    expect(await sendInvoice(7, INVOICE)).toMatchObject({ ok: false, failure: "http-status", error: "CCC ONE answered HTTP 500: Invoice service down" });
  });

  it("gives up after the timeout with a failure, while the server still has not answered", async () => {
    useClient(300);
    // An ordering, not a duration: the failure is in before the server's (much later) answer.
    let answered = false;
    handler = (_req, _body, res) =>
      setTimeout(() => {
        answered = true;
        xml(res, 200, "<CccOneResponse><Status>SUCCESS</Status><Message>late</Message></CccOneResponse>");
      }, 5000);
    const result = await sendDiagnosticReport(41, REPORT);
    expect(answered).toBe(false);
    expect(result).toMatchObject({ ok: false, failure: "timeout", error: "No answer from CCC ONE within 300 ms" });
  });

  it("times out also when the answer starts but never ends", async () => {
    useClient(300);
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/xml" });
      res.write("<CccOneResponse>");
    };
    expect(await sendInvoice(7, INVOICE)).toMatchObject({ ok: false, failure: "timeout" });
  });

  it("reports a refused connection as unreachable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setCccOneSettings({ baseUrl: `http://127.0.0.1:${port}/cccone`, timeoutMs: 2000, maxInFlight: 4 });
    expect(await sendDiagnosticReport(41, REPORT)).toMatchObject({ ok: false, failure: "unreachable", error: "CCC ONE could not be reached (ECONNREFUSED)" });
  });

  it("reports answers it cannot read: not CCC ONE's XML, no accept or reject result, too large", async () => {
    useClient();
    handler = (_req, _body, res) => xml(res, 200, "<html>maintenance</html>");
    expect(await sendDiagnosticReport(41, REPORT)).toMatchObject({ ok: false, failure: "unreadable" });
    expect(await sendInvoice(7, INVOICE)).toMatchObject({
      ok: false,
      failure: "unreadable",
      error: "The answer of CCC ONE has neither an accept nor a reject result",
    });
    handler = (_req, _body, res) => xml(res, 200, "<Envelope><Body><Fault><faultstring>busy</faultstring></Fault></Body></Envelope>");
    expect(await sendInvoice(7, INVOICE)).toMatchObject({ ok: false, failure: "unreadable", error: "CCC ONE answered with a fault: busy" });
    handler = (_req, _body, res) => xml(res, 200, `<CccOneResponse>${"x".repeat(MAX_ANSWER_BYTES + 10)}</CccOneResponse>`);
    expect(await sendDiagnosticReport(41, REPORT)).toMatchObject({ ok: false, failure: "unreadable" });
    handler = (_req, _body, res) => xml(res, 200, "<CccOneResponse><Status>ERROR</Status><Message>ERROR 4012: Workfile not found</Message></CccOneResponse>");
    expect(await sendDiagnosticReport(41, REPORT)).toMatchObject({ ok: false, failure: "error-answer", error: "ERROR 4012: Workfile not found" });
  });

  it("fails without a call when it is not configured", async () => {
    setCccOneSettings(undefined);
    expect(await sendDiagnosticReport(41, REPORT)).toMatchObject({ ok: false, failure: "not-configured" });
    expect(received).toHaveLength(0);
  });

  it("keeps at most the configured number of calls in flight", async () => {
    useClient(5000, 2);
    let inFlight = 0;
    let most = 0;
    handler = (_req, _body, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        xml(res, 200, "<CccOneResponse><Status>SUCCESS</Status><Message>ok</Message></CccOneResponse>");
      }, 60);
    };
    const results = await Promise.all(Array.from({ length: 7 }, (_, index) => sendDiagnosticReport(index + 1, REPORT)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(received).toHaveLength(7);
    expect(most).toBe(2);
  });
});
