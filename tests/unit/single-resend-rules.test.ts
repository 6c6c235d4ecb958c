import { describe, expect, it } from "vitest";
import type { CccOneExchange } from "~/integrations/cccone/client.server";
import { singleResendBack, singleResendFormSchema, type SingleResendForm } from "~/modules/resend/schema";
import { invoiceOutcome, resultsOutcome, singleResendOutcome } from "~/modules/resend/single-resend-outcome";
import {
  allowsKey,
  canResendInvoice,
  canResendResults,
  entryForProvider,
  singleResendAvailability,
  type ResendConfigurationEntry,
  type ResendFacts,
} from "~/modules/resend/single-resend-rules";
import { parseForm } from "~/write-path/parse-form.server";

/** The form as the action reads it: its schema's value, or null when the schema refuses it. */
function parseSingleResendForm(formData: FormData, requestId: string): SingleResendForm | null {
  const submission = parseForm(formData, singleResendFormSchema(requestId));
  return submission.status === "success" ? submission.value : null;
}

const entry = (configGroupValue: string | null, value: unknown): ResendConfigurationEntry => ({
  configGroupValue,
  configValue: typeof value === "string" ? value : JSON.stringify(value),
});

const FACTS: ResendFacts = { providerId: 1001, scanType: "Scan", scanResponseId: 5, hasResultReport: true, invoiceStatus: "SENT" };

describe("ALLOWED_FOR_RESEND_RESULTS", () => {
  const defaults = entry(null, { Scan: true, Calibration: true, Sublet: false });
  const provider = entry("1001", { Scan: false, Calibration: true });

  it("takes the provider's own entry over the default one", () => {
    expect(entryForProvider([defaults, provider], 1001)).toBe(provider);
    expect(canResendResults(FACTS, [defaults, provider])).toBe(false);
    expect(canResendResults({ ...FACTS, scanType: "Calibration" }, [defaults, provider])).toBe(true);
    expect(canResendResults({ ...FACTS, providerId: 1002 }, [defaults, provider])).toBe(true);
  });

  it("takes the default entry when its group value is null or empty (or blank)", () => {
    for (const group of [null, "", "  "]) {
      expect(canResendResults({ ...FACTS, providerId: 2000 }, [provider, entry(group, { Scan: true })])).toBe(true);
    }
    expect(entryForProvider([entry(" 1001 ", { Scan: true }), defaults], 1001)?.configGroupValue).toBe(" 1001 ");
  });

  it("says no for a scan type that is not listed, or listed as anything but true", () => {
    expect(canResendResults({ ...FACTS, scanType: "Programming" }, [defaults])).toBe(false);
    expect(canResendResults({ ...FACTS, scanType: "Sublet" }, [defaults])).toBe(false);
    for (const value of ["true", 1, null, {}]) expect(canResendResults(FACTS, [entry(null, { Scan: value })])).toBe(false);
    expect(canResendResults({ ...FACTS, scanType: "toString" }, [entry(null, {})])).toBe(false);
  });

  it("needs a scan response and a report of type Result", () => {
    expect(canResendResults({ ...FACTS, scanResponseId: null }, [defaults])).toBe(false);
    expect(canResendResults({ ...FACTS, hasResultReport: false }, [defaults])).toBe(false);
  });

  it("says no, never throws, when the configuration is missing or malformed", () => {
    expect(canResendResults(FACTS, [])).toBe(false);
    for (const broken of ["", "{", '["Scan"]', "true", "null", '"Scan"']) expect(canResendResults(FACTS, [entry(null, broken)])).toBe(false);
    expect(canResendResults(FACTS, [{ configGroupValue: null, configValue: null }])).toBe(false);
    // A broken entry of the provider's own allows nothing, even with a good default.
    expect(canResendResults(FACTS, [defaults, entry("1001", "{not json")])).toBe(false);
    expect(allowsKey(null, "Scan")).toBe(false);
  });
});

describe("ALLOWED_FOR_RESEND_INVOICE", () => {
  const entries = [entry(null, { PENDING: false, SENT: true, ACCEPTED: false, REJECTED: true, FAILED: true })];

  it("needs an invoice status whose value is true", () => {
    expect(canResendInvoice(FACTS, entries)).toBe(true);
    expect(canResendInvoice({ ...FACTS, invoiceStatus: "ACCEPTED" }, entries)).toBe(false);
    expect(canResendInvoice({ ...FACTS, invoiceStatus: "UNKNOWN" }, entries)).toBe(false);
    expect(canResendInvoice({ ...FACTS, invoiceStatus: null }, entries)).toBe(false);
    expect(canResendInvoice({ ...FACTS, invoiceStatus: "  " }, entries)).toBe(false);
  });

  it("reads the default entry only, and says no when it is missing or malformed", () => {
    expect(canResendInvoice(FACTS, [entry("1001", { SENT: true })])).toBe(false);
    expect(canResendInvoice(FACTS, [])).toBe(false);
    expect(canResendInvoice(FACTS, [entry(null, "[]")])).toBe(false);
  });

  it("is decided apart from the results rule", () => {
    expect(singleResendAvailability({ ...FACTS, scanResponseId: null }, { results: [entry(null, { Scan: true })], invoice: entries })).toEqual({
      results: false,
      invoice: true,
    });
  });
});

const EXCHANGE: CccOneExchange = { sentAt: new Date(0), finishedAt: new Date(0), status: 200, responseBody: null, responseContentType: null };
const MESSAGE = { content: "<x/>", contentType: "application/xml", appId: null };

describe("the single resends' pop-up", () => {
  it("uses the spec's words for results", () => {
    expect(resultsOutcome({ kind: "diagnostic-report", message: MESSAGE, result: { ok: true, responseText: "SAVED", exchange: EXCHANGE } })).toEqual({
      title: "Success",
      message: "Scan Result Posted Successfully",
      lines: ["SAVED"],
    });
    expect(
      resultsOutcome({ kind: "diagnostic-report", message: MESSAGE, result: { ok: false, failure: "error-answer", error: "ERROR 4012", exchange: EXCHANGE } }),
    ).toEqual({ title: "Fail", message: "Failed to Resend Scan Result", lines: ["ERROR 4012"] });
    expect(resultsOutcome(null)).toEqual({ title: "Fail", message: "Failed to Resend Scan Result", lines: ["No stored diagnostic report to resend"] });
  });

  it("says 'Failed to Resend Invoice' for an error status and 'Failed to Post Invoice' without a usable answer", () => {
    const failed = (failure: "http-status" | "timeout" | "unreachable" | "unreadable" | "not-configured") =>
      invoiceOutcome({ kind: "invoice", message: MESSAGE, result: { ok: false, failure, error: "why", exchange: EXCHANGE } }).message;
    expect(failed("http-status")).toBe("Failed to Resend Invoice");
    for (const kind of ["timeout", "unreachable", "unreadable", "not-configured"] as const) expect(failed(kind)).toBe("Failed to Post Invoice");
    expect(invoiceOutcome(null)).toEqual({ title: "Fail", message: "Failed to Post Invoice", lines: ["No stored invoice to resend"] });
  });

  it("says 'Invoice Posted Successfully' for an accepted and for a rejected invoice, with CCC ONE's words", () => {
    const answered = (accepted: boolean, responseText: string) =>
      invoiceOutcome({ kind: "invoice", message: MESSAGE, result: { ok: true, accepted, responseText, exchange: EXCHANGE } });
    expect(answered(true, "Invoice accepted")).toEqual({ title: "Success", message: "Invoice Posted Successfully", lines: ["Invoice accepted"] });
    expect(answered(false, "E2302: Invoice total is negative")).toEqual({
      title: "Success",
      message: "Invoice Posted Successfully",
      lines: ["CCC ONE rejected the invoice: E2302: Invoice total is negative"],
    });
  });

  it("cuts CCC ONE's text to what the pop-up takes", () => {
    const outcome = singleResendOutcome("results", {
      scanRequestId: 1,
      diagnosticReport: { kind: "diagnostic-report", message: MESSAGE, result: { ok: true, responseText: "x".repeat(2000), exchange: EXCHANGE } },
    });
    expect(outcome.lines[0]).toHaveLength(500);
  });
});

describe("the single resend form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const TOKEN = "a".repeat(43);

  it("reads the kind, the token and a way back under /transactions", () => {
    expect(parseSingleResendForm(form({ kind: "invoice", token: TOKEN, back: "/transactions/services/12?tab=invoice", respond: "dialog" }), "12")).toEqual({
      kind: "invoice",
      token: TOKEN,
      back: "/transactions/services/12?tab=invoice",
      respondWithDialog: true,
    });
  });

  it("refuses an unknown kind or a malformed token", () => {
    expect(parseSingleResendForm(form({ kind: "both", token: TOKEN }), "12")).toBeNull();
    expect(parseSingleResendForm(form({ token: TOKEN }), "12")).toBeNull();
    expect(parseSingleResendForm(form({ kind: "results", token: "x" }), "12")).toBeNull();
    expect(parseSingleResendForm(form({ kind: "results" }), "12")).toBeNull();
  });

  it("goes back to the detail view for a way back elsewhere", () => {
    for (const back of ["https://evil.example/transactions/1", "//evil.example", "/home", "/transactionsX", "", "javascript:alert(1)"]) {
      expect(singleResendBack(back, "12")).toBe("/transactions/12");
    }
    expect(singleResendBack(null, "12")).toBe("/transactions/12");
    expect(singleResendBack("/transactions?page=2", "12")).toBe("/transactions?page=2");
  });
});
