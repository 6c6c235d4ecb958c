import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendDiagnosticReport, sendInvoice } from "~/integrations/cccone/client.server";
import { SANDBOX_SECRET_HEADER } from "~/integrations/cccone/endpoints";
import { EXCERPT_CHARACTERS } from "~/integrations/cccone/sandbox/received-log.server";
import { MAX_MESSAGE_BYTES } from "~/integrations/cccone/sandbox/router.server";
import { setCccOneSettings } from "~/integrations/cccone/settings.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { setLogLevel } from "~/lib/logger.server";
import { startSandboxServer, type RunningSandbox } from "../support/cccone-sandbox-server";

/** The built-in CCC ONE sandbox over real HTTP: its rules, its deliberate failures, what it keeps, whom it takes messages from. */

const REPORT = (fields: { id?: string; ref?: string | null; vin?: string }) =>
  `<?xml version="1.0" encoding="UTF-8"?><DiagnosticScanReport><ScanRequestId>${fields.id ?? "12"}</ScanRequestId><IsScanSuccess>true</IsScanSuccess>` +
  `<Vin>${fields.vin ?? "1FTEW1EP5MFA12345"}</Vin>${fields.ref === null ? "<CccOneRefId/>" : `<CccOneRefId>${fields.ref ?? "CCC1-000000042"}</CccOneRefId>`}</DiagnosticScanReport>`;

const INVOICE = (body: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><PostInvoice xmlns="urn:cccone:diagnostics:invoice:v1">${body}</PostInvoice></soap:Body></soap:Envelope>`;
const LINE = (list: string, net: string) => `<Line><LineNo>1</LineNo><Type>SCAN</Type><ListPrice>${list}</ListPrice><NetPrice>${net}</NetPrice></Line>`;

let running: RunningSandbox;

/** As the portal's client posts: with the sandbox's secret (unless the headers say otherwise). */
async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${running.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/xml", ...running.authorisation, ...headers },
    body,
  });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

beforeAll(async () => {
  setLogLevel("error");
  running = await startSandboxServer();
  setCccOneSettings(running.clientSettings());
});

afterAll(async () => {
  setCccOneSettings(undefined);
  await running.close();
});

beforeEach(() => {
  running.sandbox.setFailPattern(null);
  running.sandbox.received.clear();
});

describe("the CCC ONE sandbox: diagnostic reports", () => {
  it("saves the result PDF of a readable report with a workfile and a VIN", async () => {
    const answer = await post("/diagnostic-reports", REPORT({}), { "X-Scan-Request-Id": "12" });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/xml/);
    expect(answer.body).toContain("<Status>SUCCESS</Status>");
    expect(answer.body).toContain("<Message>Report for scan request 12 attached to workfile CCC1-000000042. PDF REPORT GENERATED AND SAVED</Message>");
  });

  it("takes the same fields as JSON", async () => {
    const answer = await post("/diagnostic-reports", JSON.stringify({ scanRequestId: 5, cccOneRefId: "CCC1-9", vin: "1FTEW1EP5MFA12345" }), {
      "Content-Type": "application/json",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Report for scan request 5 attached to workfile CCC1-9. PDF REPORT GENERATED AND SAVED");
  });

  it("refuses what is not a report, a report without a workfile, and one without a 17-character VIN", async () => {
    expect(await post("/diagnostic-reports", "<Invoice/>")).toMatchObject({ status: 400, body: expect.stringContaining("ERROR 4000") });
    expect(await post("/diagnostic-reports", "{not json")).toMatchObject({ status: 400 });
    expect(await post("/diagnostic-reports", REPORT({ ref: null }))).toMatchObject({
      status: 404,
      body: expect.stringContaining("ERROR 4012: Workfile not found"),
    });
    expect(await post("/diagnostic-reports", REPORT({ vin: "SHORT" }))).toMatchObject({ status: 422, body: expect.stringContaining("ERROR 4220") });
  });
});

describe("the CCC ONE sandbox: invoices", () => {
  it("accepts an invoice with lines, or with only a positive net price", async () => {
    const withLines = await post(
      "/invoices",
      INVOICE(`<InvoiceId>INV12_1</InvoiceId><NetPrice>60.00</NetPrice><TaxPrice>4.80</TaxPrice><Lines>${LINE("75.00", "60.00")}</Lines>`),
    );
    expect(withLines.status).toBe(200);
    expect(withLines.body).toContain("<AcceptResult><InvoiceId>INV12_1</InvoiceId><Message>Invoice accepted</Message></AcceptResult>");
    const totalsOnly = await post("/invoices", INVOICE("<InvoiceId>INV13_1</InvoiceId><NetPrice>60.00</NetPrice><TaxPrice>4.80</TaxPrice>"));
    expect(totalsOnly.body).toContain("<AcceptResult>");
  });

  it("rejects, with HTTP 200 and a coded reason: no id, no lines, a negative amount, an amount that is not a number", async () => {
    const cases: Array<[string, string]> = [
      ["<NetPrice>60.00</NetPrice>", "<Code>E2300</Code><Message>Invoice id is missing</Message>"],
      ["<InvoiceId>INV1_1</InvoiceId><NetPrice>0.00</NetPrice><Lines></Lines>", "<Code>E2301</Code><Message>Invoice has no lines</Message>"],
      ["<InvoiceId>INV1_1</InvoiceId><TaxPrice>1.00</TaxPrice>", "<Code>E2301</Code>"],
      [
        `<InvoiceId>INV1_1</InvoiceId><NetPrice>-5.00</NetPrice><Lines>${LINE("5.00", "5.00")}</Lines>`,
        "<Code>E2302</Code><Message>Invoice total is negative</Message>",
      ],
      [`<InvoiceId>INV1_1</InvoiceId><NetPrice>5.00</NetPrice><Lines>${LINE("-5.00", "5.00")}</Lines>`, "<Code>E2302</Code>"],
      ["<InvoiceId>INV1_1</InvoiceId><NetPrice>ten</NetPrice>", "<Code>E2303</Code>"],
    ];
    for (const [body, expected] of cases) {
      const answer = await post("/invoices", INVOICE(body));
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`<RejectResult>`);
      expect(answer.body).toContain(expected);
    }
  });

  it("answers a SOAP fault to what is not a PostInvoice", async () => {
    const answer = await post("/invoices", "<Envelope><Body><Other/></Body></Envelope>");
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("<faultstring>The invoice could not be read</faultstring>");
  });
});

describe("the CCC ONE sandbox: deliberate failures and what it keeps", () => {
  it("fails with HTTP 503 exactly the ids the pattern matches as a whole, from the header or the message", async () => {
    running.sandbox.setFailPattern(compileFailurePattern("\\d*7"));
    expect((await post("/diagnostic-reports", REPORT({ id: "17" }), { "X-Scan-Request-Id": "17" })).status).toBe(503);
    expect((await post("/diagnostic-reports", REPORT({ id: "17" }))).status).toBe(503);
    expect((await post("/diagnostic-reports", REPORT({ id: "71" }), { "X-Scan-Request-Id": "71" })).status).toBe(200);
    const invoice = await post("/invoices", INVOICE("<InvoiceId>INV27_1</InvoiceId><NetPrice>1.00</NetPrice>"), { "X-Scan-Request-Id": "27" });
    expect(invoice).toMatchObject({ status: 503, body: expect.stringContaining("CCC ONE invoice service unavailable (sandbox failure rule)") });
    // The same id always gets the same answer.
    for (let i = 0; i < 3; i++) expect((await post("/diagnostic-reports", REPORT({ id: "7" }), { "X-Scan-Request-Id": "7" })).status).toBe(503);
  });

  it("keeps what it received, the last ones only", async () => {
    await post("/diagnostic-reports", REPORT({}), { "X-Scan-Request-Id": "12" });
    await post("/invoices", INVOICE("<InvoiceId>INV12_1</InvoiceId><NetPrice>1.00</NetPrice>"), { "X-Scan-Request-Id": "12" });
    expect(running.sandbox.received.list().map(({ kind, scanRequestId, answeredStatus }) => ({ kind, scanRequestId, answeredStatus }))).toEqual([
      { kind: "diagnostic-report", scanRequestId: "12", answeredStatus: 200 },
      { kind: "invoice", scanRequestId: "12", answeredStatus: 200 },
    ]);
    const small = await startSandboxServer({ keep: 2 });
    try {
      for (const id of ["1", "2", "3"]) {
        await fetch(`${small.baseUrl}/diagnostic-reports`, {
          method: "POST",
          headers: { "X-Scan-Request-Id": id, ...small.authorisation },
          body: REPORT({ id }),
        });
      }
      expect(small.sandbox.received.list().map((entry) => entry.scanRequestId)).toEqual(["2", "3"]);
    } finally {
      await small.close();
    }
  });

  it("answers 404 elsewhere", async () => {
    expect((await fetch(`${running.baseUrl}/diagnostic-reports`)).status).toBe(404);
    expect((await post("/other", "<x/>")).status).toBe(404);
  });

  it("keeps of each message only its start and its size, however long the message", async () => {
    const long = REPORT({ vin: `1FTEW1EP5MFA12345</Vin><Notes>${"é".repeat(20_000)}</Notes><Vin>1FTEW1EP5MFA12345` });
    expect(Buffer.byteLength(long)).toBeGreaterThan(40_000);
    expect((await post("/diagnostic-reports", long, { "X-Scan-Request-Id": "12" })).status).toBe(200);
    const [kept] = running.sandbox.received.list();
    expect(kept.bodyBytes).toBe(Buffer.byteLength(long));
    expect(kept.excerpt).toBe(long.slice(0, EXCERPT_CHARACTERS));
    expect(Object.keys(kept)).not.toContain("body");
  });
});

describe("the CCC ONE sandbox: whom it takes messages from, and how large", () => {
  it("takes a message up to its limit and refuses a larger one with 413, keeping nothing of it", async () => {
    const fitting = INVOICE(`<InvoiceId>INV12_1</InvoiceId><NetPrice>1.00</NetPrice><Notes>${"a".repeat(MAX_MESSAGE_BYTES - 400)}</Notes>`);
    expect(Buffer.byteLength(fitting)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    expect((await post("/invoices", fitting)).status).toBe(200);
    running.sandbox.received.clear();
    const tooLarge = await post("/invoices", `<x>${"a".repeat(MAX_MESSAGE_BYTES)}</x>`);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toBe("The message is larger than 64 KiB.");
    expect(running.sandbox.received.list()).toEqual([]);
  });

  it("refuses a message without the secret with 401 and one with a wrong secret with 403, keeping nothing", async () => {
    const { [SANDBOX_SECRET_HEADER]: _secret, ...withoutSecret } = running.authorisation;
    const missing = await fetch(`${running.baseUrl}/diagnostic-reports`, {
      method: "POST",
      headers: { "Content-Type": "application/xml", ...withoutSecret },
      body: REPORT({}),
    });
    expect(missing.status).toBe(401);
    expect(await missing.text()).toContain("its secret header is missing");
    const wrong = await post("/diagnostic-reports", REPORT({}), { [SANDBOX_SECRET_HEADER]: "x".repeat(43) });
    expect(wrong).toMatchObject({ status: 403, body: expect.stringContaining("its secret header is wrong") });
    const invoice = await post("/invoices", INVOICE("<InvoiceId>INV1_1</InvoiceId><NetPrice>1.00</NetPrice>"), {
      [SANDBOX_SECRET_HEADER]: `${running.sandbox.secret}x`,
    });
    expect(invoice.status).toBe(403);
    // A refused message is not even read: a large one is refused the same way, and nothing is kept.
    const large = await post("/invoices", "a".repeat(MAX_MESSAGE_BYTES * 8), { [SANDBOX_SECRET_HEADER]: "" });
    expect(large.status).toBe(401);
    expect(running.sandbox.received.list()).toEqual([]);
  });

  it("refuses what a web page can send: a form post (no secret) and anything with an Origin, even with the secret", async () => {
    const form = await fetch(`${running.baseUrl}/diagnostic-reports`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: new URLSearchParams({ report: REPORT({}) }),
    });
    expect(form.status).toBe(403);
    expect(form.headers.get("access-control-allow-origin")).toBeNull();
    expect((await fetch(`${running.baseUrl}/invoices`, { method: "POST", body: new URLSearchParams({ a: "b" }) })).status).toBe(401);
    const scripted = await post("/diagnostic-reports", REPORT({}), { Origin: running.baseUrl.replace(/\/sandbox\/cccone$/, "") });
    expect(scripted.status).toBe(403);
    // The preflight a cross-site script would need is never granted.
    const preflight = await fetch(`${running.baseUrl}/diagnostic-reports`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": SANDBOX_SECRET_HEADER },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
    expect(running.sandbox.received.list()).toEqual([]);
  });
});

describe("the client against the sandbox", () => {
  it("sends the sandbox's secret only when its settings carry one", async () => {
    setCccOneSettings({ ...running.clientSettings(), sandboxSecret: undefined });
    try {
      const refused = await sendDiagnosticReport(12, { content: REPORT({}), contentType: "application/xml" });
      expect(refused).toMatchObject({ ok: false, failure: "http-status", exchange: { status: 401 } });
      expect(running.sandbox.received.list()).toEqual([]);
    } finally {
      setCccOneSettings(running.clientSettings());
    }
  });

  it("gets the saved-PDF text for a report, an accept or a reject for an invoice, and a failure for a failing id", async () => {
    const report = await sendDiagnosticReport(12, { content: REPORT({}), contentType: "application/xml" });
    expect(report).toMatchObject({ ok: true, responseText: expect.stringMatching(/PDF REPORT GENERATED AND SAVED$/) });
    const rejected = await sendInvoice(12, { content: INVOICE("<InvoiceId>INV12_1</InvoiceId>"), contentType: "application/xml" });
    expect(rejected).toMatchObject({ ok: true, accepted: false, responseText: "E2301: Invoice has no lines" });
    running.sandbox.setFailPattern(compileFailurePattern("12"));
    const failed = await sendDiagnosticReport(12, { content: REPORT({}), contentType: "application/xml" });
    expect(failed).toMatchObject({
      ok: false,
      failure: "http-status",
      error: "CCC ONE answered HTTP 503: ERROR 5003: CCC ONE service unavailable (sandbox failure rule)",
    });
  });
});
