import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import { takeFlash } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { PDF_SAVED_SUFFIX } from "~/integrations/cccone/answers";
import { setCccOneSettings } from "~/integrations/cccone/settings.server";
import { compileFailurePattern } from "~/integrations/sandbox/failure-pattern";
import { newResendToken, TOKEN_LIFETIME_MS } from "~/modules/resend/resend-token.server";
import { canResendInvoice, canResendResults } from "~/modules/resend/single-resend-rules";
import { findResendTransaction, resendConfigurationEntries, singleResendOptions } from "~/modules/resend/single-resend-rules.server";
import { singleResend } from "~/modules/resend/single-resend.server";
import { action, loader } from "~/routes/transactions_.$id.resend";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { writtenCounts } from "../support/resend-fixtures";
import { auditOf, setUpResendWorld } from "../support/resend-world";
import { signedInCookie, TEST_ORIGIN } from "../support/signed-in-request";

/**
 * The single resends of a detail view ('Resend Results', 'Resend Invoice') called as the route's
 * action, on a small seeded database, against the CCC ONE sandbox over real HTTP.
 */

const POWER = demoClaims("power");
const PROVIDER = demoClaims("provider");
const CONTEXT = { nonce: "test-nonce", requestId: "test-request" };

type Kind = "results" | "invoice";
type Outcome = { title: string; message: string; lines: string[] };
type Answer = { status: number; outcome: Outcome } | { redirect: string; flash: Outcome | null };

interface Submission {
  kind?: string;
  token?: string | null;
  back?: string;
  dialog?: boolean;
}

async function submit(user: UserClaims, id: number | string, submission: Submission = {}, cookie?: string): Promise<Answer> {
  const body = new URLSearchParams();
  if (submission.kind !== undefined) body.set("kind", submission.kind);
  if (submission.token !== null) body.set("token", submission.token ?? newResendToken(user.id));
  body.set("back", submission.back ?? `/transactions/${id}?tab=status`);
  if (submission.dialog) body.set("respond", "dialog");
  const request = new Request(`${TEST_ORIGIN}/transactions/${id}/resend`, {
    method: "POST",
    headers: { Cookie: cookie ?? (await signedInCookie(user)), "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
  const response = await action({ request, params: { id: String(id) }, context: CONTEXT });
  if (response.status >= 300 && response.status < 400) {
    const setCookie = response.headers.get("Set-Cookie");
    const flash = setCookie ? (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: setCookie.split(";")[0] } }))).flash : null;
    return { redirect: response.headers.get("Location") ?? "", flash: flash && { lines: [], ...flash } };
  }
  return { status: response.status, outcome: ((await response.json()) as { outcome: Outcome }).outcome };
}

/** The thrown 404 of an unknown id, or of another provider's id for a provider-only user. */
async function submitExpectingNotFound(user: UserClaims, id: number | string, kind: Kind): Promise<number> {
  const thrown = await submit(user, id, { kind }).catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).status;
}

async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Candidate {
  scanRequestId: number;
  providerId: number;
  scanType: string;
  results: boolean;
  invoice: boolean;
  hasReport: boolean;
  hasInvoice: boolean;
}

/** Every request with what the rules say about it and whether it has stored messages to send. */
async function candidates(): Promise<Candidate[]> {
  const sent = (type: string) =>
    sql<number>`exists (select 1 from transaction_documents d where d.scan_request_id = scan_requests.scan_request_id
      and d.transaction_type = ${type} and d.message_direction = 'OUTBOUND' and d.message_type = 'request')`;
  const rows = await getDb()
    .selectFrom("scanRequests")
    .select(["scanRequestId", sent("DIAGNOSTIC_REPORT").as("hasReport"), sent("INVOICE").as("hasInvoice")])
    .orderBy("scanRequestId")
    .execute();
  const entries = await resendConfigurationEntries();
  const all: Candidate[] = [];
  for (const row of rows) {
    const facts = await findResendTransaction(row.scanRequestId, { restricted: false });
    if (!facts) continue;
    all.push({
      scanRequestId: row.scanRequestId,
      providerId: facts.providerId,
      scanType: facts.scanType,
      results: canResendResults(facts, entries.results),
      invoice: canResendInvoice(facts, entries.invoice),
      hasReport: Boolean(row.hasReport),
      hasInvoice: Boolean(row.hasInvoice),
    });
  }
  return all;
}

class Pool {
  private readonly taken = new Set<number>();
  constructor(private readonly rows: Candidate[]) {}
  take(fits: (row: Candidate) => boolean): Candidate {
    const row = this.rows.find((candidate) => !this.taken.has(candidate.scanRequestId) && fits(candidate));
    if (!row) throw new Error("No row fits");
    this.taken.add(row.scanRequestId);
    return row;
  }
}

const resultsReady = (row: Candidate) => row.results && row.hasReport;
const invoiceReady = (row: Candidate) => row.invoice && row.hasInvoice;

async function documentsOf(scanRequestId: number) {
  return getDb()
    .selectFrom("transactionDocuments")
    .select(["transactionType", "messageDirection", "messageType", "messageContent", "contentType"])
    .where("scanRequestId", "=", scanRequestId)
    .orderBy("id")
    .execute();
}

async function stateOf(scanRequestId: number) {
  const db = getDb();
  const details = await db
    .selectFrom("scanRequestDetails")
    .select(["retryCount", "ccconeResponse", "ccconeResponseStatus"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirstOrThrow();
  const response = await db
    .selectFrom("scanResponses")
    .select(["diagnosticReportMessageRetryCount", "invoiceMessageRetryCount"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  const invoice = await db.selectFrom("invoices").select(["retryCount", "invoiceStatus"]).where("scanRequestId", "=", scanRequestId).executeTakeFirst();
  return { details, response: response ?? null, invoice: invoice ?? null };
}

describe.each(testDialects)("single resend on %s", (dialect) => {
  const world = setUpResendWorld(dialect);
  let pool: Pool;

  beforeAll(async () => {
    pool = new Pool(await candidates());
  });

  it("offers the resends the rules allow, with a token each, and nothing for an id the user may not see", async () => {
    const both = pool.take((row) => row.results && row.invoice);
    const options = await singleResendOptions(POWER, String(both.scanRequestId));
    expect(options).toEqual({
      results: true,
      invoice: true,
      tokens: { results: expect.stringMatching(/^[\w-]{43}$/), invoice: expect.stringMatching(/^[\w-]{43}$/) },
    });
    expect(options?.tokens.results).not.toBe(options?.tokens.invoice);

    const neither = pool.take((row) => !row.results && !row.invoice);
    expect(await singleResendOptions(POWER, neither.scanRequestId)).toEqual({ results: false, invoice: false, tokens: { results: null, invoice: null } });

    const other = pool.take((row) => row.providerId !== DEMO_PROVIDER_ID);
    expect(await singleResendOptions(PROVIDER, other.scanRequestId)).toBeNull();
    expect(await singleResendOptions(POWER, other.scanRequestId)).not.toBeNull();
    for (const bad of ["99999999", "abc", "0", "-1", "1e3", "", undefined, "99999999999999"]) expect(await singleResendOptions(POWER, bad)).toBeNull();
  });

  it("reads the demo provider's own ALLOWED_FOR_RESEND_RESULTS entry, else the default one", async () => {
    // Seeded: the default allows every scan type but Sublet; provider 1001's entry only Scan and Calibration.
    const facts = { scanResponseId: 1, hasResultReport: true, invoiceStatus: null };
    const entries = await resendConfigurationEntries();
    expect(canResendResults({ ...facts, providerId: DEMO_PROVIDER_ID, scanType: "Programming" }, entries.results)).toBe(false);
    expect(canResendResults({ ...facts, providerId: DEMO_PROVIDER_ID, scanType: "Calibration" }, entries.results)).toBe(true);
    expect(canResendResults({ ...facts, providerId: 1002, scanType: "Programming" }, entries.results)).toBe(true);
    expect(canResendResults({ ...facts, providerId: 1002, scanType: "Sublet" }, entries.results)).toBe(false);
  });

  it("resends the scan result: the stored report again, workflow documents, retry counts, audit row, 'Success' pop-up back on the detail view", async () => {
    const row = pool.take(resultsReady);
    const id = row.scanRequestId;
    const before = await stateOf(id);
    const documentsBefore = await documentsOf(id);
    const back = `/transactions/${id}?tab=status`;

    const answer = await submit(POWER, id, { kind: "results", back });
    expect(answer).toEqual({
      redirect: back,
      flash: { title: "Success", message: "Scan Result Posted Successfully", lines: [expect.stringMatching(new RegExp(`${PDF_SAVED_SUFFIX}$`))] },
    });

    const added = (await documentsOf(id)).slice(documentsBefore.length);
    expect(added.map((doc) => [doc.transactionType, doc.messageDirection, doc.messageType])).toEqual([
      ["DIAGNOSTIC_REPORT", "OUTBOUND", "request"],
      ["DIAGNOSTIC_REPORT", "INBOUND", "response"],
    ]);
    const stored = documentsBefore
      .filter((doc) => doc.transactionType === "DIAGNOSTIC_REPORT" && doc.messageDirection === "OUTBOUND" && doc.messageType === "request")
      .at(-1);
    expect(added[0].messageContent).toBe(stored?.messageContent);
    const after = await stateOf(id);
    expect(after.details).toMatchObject({ retryCount: before.details.retryCount + 1, ccconeResponseStatus: "SUCCESS" });
    expect(after.response?.diagnosticReportMessageRetryCount).toBe((before.response?.diagnosticReportMessageRetryCount ?? 0) + 1);
    expect(after.response?.invoiceMessageRetryCount).toBe(before.response?.invoiceMessageRetryCount);
    expect(after.invoice).toEqual(before.invoice);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "power", action: "resend" });
    expect(JSON.parse(audit[0].afterValue ?? "{}")).toMatchObject({ attempts: [{ kind: "diagnostic-report", ok: true, status: 200 }] });
    expect(world.running.sandbox.received.list().map((entry) => [entry.kind, entry.scanRequestId])).toEqual([["diagnostic-report", String(id)]]);
  });

  it("resends the invoice: 'Invoice Posted Successfully', the invoice's retry count and status, audit row; JavaScript gets the outcome as data", async () => {
    const row = pool.take(invoiceReady);
    const id = row.scanRequestId;
    const before = await stateOf(id);
    const documentsBefore = (await documentsOf(id)).length;

    const answer = await submit(POWER, id, { kind: "invoice", dialog: true });
    expect(answer).toEqual({ status: 200, outcome: { title: "Success", message: "Invoice Posted Successfully", lines: [expect.any(String)] } });

    const added = (await documentsOf(id)).slice(documentsBefore);
    expect(added.map((doc) => [doc.transactionType, doc.messageDirection])).toEqual([
      ["INVOICE", "OUTBOUND"],
      ["INVOICE", "INBOUND"],
    ]);
    const accepted = added[1].messageContent?.includes("<AcceptResult>");
    const after = await stateOf(id);
    expect(after.invoice).toEqual({ retryCount: (before.invoice?.retryCount ?? 0) + 1, invoiceStatus: accepted ? "ACCEPTED" : "REJECTED" });
    expect(after.details.retryCount).toBe(before.details.retryCount);
    expect(after.response?.invoiceMessageRetryCount).toBe((before.response?.invoiceMessageRetryCount ?? 0) + 1);
    expect(await auditOf(id)).toHaveLength(1);
    expect(world.running.sandbox.received.list().map((entry) => entry.kind)).toEqual(["invoice"]);
  });

  it("shows CCC ONE's rejection under 'Invoice Posted Successfully' (HTTP 200 is a posted invoice)", async () => {
    const row = pool.take(invoiceReady);
    const envelope =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><PostInvoice xmlns="urn:cccone:diagnostics:invoice:v1"></PostInvoice></soap:Body></soap:Envelope>';
    await getDb()
      .insertInto("transactionDocuments")
      .values({
        scanRequestId: row.scanRequestId,
        quoteId: null,
        createdTimestamp: "2099-01-01T00:00:00.000Z",
        messageDirection: "OUTBOUND",
        transactionType: "INVOICE",
        messageType: "request",
        s3ObjectUrl: null,
        contentType: "text/xml",
        messageContent: envelope,
        appId: null,
      })
      .execute();
    const answer = await submit(POWER, row.scanRequestId, { kind: "invoice", dialog: true });
    expect(answer).toEqual({
      status: 200,
      outcome: { title: "Success", message: "Invoice Posted Successfully", lines: ["CCC ONE rejected the invoice: E2300: Invoice id is missing"] },
    });
    expect((await stateOf(row.scanRequestId)).invoice?.invoiceStatus).toBe("REJECTED");
  });

  it("says 'Failed to Resend Scan Result' and 'Failed to Resend Invoice' when CCC ONE answers with an error status, and still records the attempts", async () => {
    const results = pool.take(resultsReady);
    const invoice = pool.take(invoiceReady);
    world.running.sandbox.setFailPattern(compileFailurePattern(`${results.scanRequestId}|${invoice.scanRequestId}`));
    const beforeResults = await stateOf(results.scanRequestId);
    const beforeInvoice = await stateOf(invoice.scanRequestId);

    expect(await submit(POWER, results.scanRequestId, { kind: "results" })).toMatchObject({
      flash: {
        title: "Fail",
        message: "Failed to Resend Scan Result",
        lines: ["CCC ONE answered HTTP 503: ERROR 5003: CCC ONE service unavailable (sandbox failure rule)"],
      },
    });
    expect(await submit(POWER, invoice.scanRequestId, { kind: "invoice", dialog: true })).toEqual({
      status: 200,
      outcome: {
        title: "Fail",
        message: "Failed to Resend Invoice",
        lines: ["CCC ONE answered HTTP 503: CCC ONE invoice service unavailable (sandbox failure rule)"],
      },
    });

    const afterResults = await stateOf(results.scanRequestId);
    expect(afterResults.details).toMatchObject({
      retryCount: beforeResults.details.retryCount + 1,
      ccconeResponseStatus: "ERROR",
      ccconeResponse: expect.stringContaining("HTTP 503"),
    });
    expect((await documentsOf(results.scanRequestId)).at(-1)).toMatchObject({
      transactionType: "DIAGNOSTIC_REPORT",
      messageDirection: "INBOUND",
      messageContent: expect.stringContaining("ERROR 5003"),
    });
    expect((await stateOf(invoice.scanRequestId)).invoice).toEqual({ retryCount: (beforeInvoice.invoice?.retryCount ?? 0) + 1, invoiceStatus: "FAILED" });
    expect(JSON.parse((await auditOf(invoice.scanRequestId))[0].afterValue ?? "{}")).toMatchObject({
      attempts: [{ kind: "invoice", ok: false, failure: "http-status", status: 503 }],
    });
  });

  it("says 'Failed to Post Invoice' when no answer comes at all, and records the error", async () => {
    const row = pool.take(invoiceReady);
    setCccOneSettings({ baseUrl: `http://127.0.0.1:${await closedPort()}/cccone`, timeoutMs: 2000, maxInFlight: 4 });
    try {
      expect(await submit(POWER, row.scanRequestId, { kind: "invoice" })).toMatchObject({
        flash: { title: "Fail", message: "Failed to Post Invoice", lines: ["CCC ONE could not be reached (ECONNREFUSED)"] },
      });
    } finally {
      setCccOneSettings(world.running.clientSettings());
    }
    const last = (await documentsOf(row.scanRequestId)).at(-1);
    expect(last).toMatchObject({ transactionType: "INVOICE", messageDirection: "INBOUND", contentType: "application/json" });
    expect((await stateOf(row.scanRequestId)).invoice?.invoiceStatus).toBe("FAILED");
  });

  it("refuses what the rules do not allow, unknown ids and another provider's ids, sending and writing nothing", async () => {
    const noResults = pool.take((row) => !row.results && row.hasReport);
    const noInvoice = pool.take((row) => !row.invoice && row.hasInvoice);
    const ownProvider = pool.take((row) => row.providerId === DEMO_PROVIDER_ID && resultsReady(row));
    const otherProvider = pool.take((row) => row.providerId !== DEMO_PROVIDER_ID && resultsReady(row) && invoiceReady(row));
    const before = await writtenCounts();

    expect(await submit(POWER, noResults.scanRequestId, { kind: "results" })).toMatchObject({
      flash: { title: "Fail", message: "Failed to Resend Scan Result", lines: ["Resending the scan result is not allowed for this transaction."] },
    });
    expect(await submit(POWER, noInvoice.scanRequestId, { kind: "invoice", dialog: true })).toEqual({
      status: 400,
      outcome: { title: "Fail", message: "Failed to Resend Invoice", lines: ["Resending the invoice is not allowed for this transaction."] },
    });
    for (const kind of ["results", "invoice"] as const) {
      expect(await submitExpectingNotFound(PROVIDER, otherProvider.scanRequestId, kind)).toBe(404);
      expect(await submitExpectingNotFound(POWER, 99999999, kind)).toBe(404);
      expect(await submitExpectingNotFound(POWER, "12ab", kind)).toBe(404);
    }
    // A form the portal did not render: no kind, an unknown kind, no token, a malformed token.
    for (const submission of [{}, { kind: "both" }, { kind: "results", token: null }, { kind: "invoice", token: "short" }]) {
      const answer = await submit(POWER, ownProvider.scanRequestId, { ...submission, dialog: true });
      expect(answer).toMatchObject({ status: 400, outcome: { title: "Fail" } });
      expect("outcome" in answer && [answer.outcome.message, ...answer.outcome.lines]).toContain(
        "This form has expired. Please reload the page and try again.",
      );
    }
    expect(await submit(POWER, ownProvider.scanRequestId, { back: "https://evil.example/x" })).toMatchObject({
      redirect: `/transactions/${ownProvider.scanRequestId}`,
    });
    expect(await writtenCounts()).toEqual(before);
    expect(world.running.sandbox.received.list()).toEqual([]);

    // The provider-only user may resend their own provider's transaction.
    expect(await submit(PROVIDER, ownProvider.scanRequestId, { kind: "results" })).toMatchObject({ flash: { message: "Scan Result Posted Successfully" } });
  });

  it("sends once when the same form comes twice, one after the other or at once; another user's form sends nothing", async () => {
    const first = pool.take(resultsReady);
    const token = newResendToken(POWER.id);
    const once = await submit(POWER, first.scanRequestId, { kind: "results", token });
    const counts = await writtenCounts();
    expect(await submit(POWER, first.scanRequestId, { kind: "results", token })).toEqual(once);
    expect(await writtenCounts()).toEqual(counts);
    expect(world.running.sandbox.received.list()).toHaveLength(1);

    world.running.sandbox.received.clear();
    const second = pool.take(invoiceReady);
    const sameForm: Submission = { kind: "invoice", token: newResendToken(POWER.id), dialog: true };
    const cookie = await signedInCookie(POWER);
    const [a, b] = await Promise.all([submit(POWER, second.scanRequestId, sameForm, cookie), submit(POWER, second.scanRequestId, sameForm, cookie)]);
    expect(a).toEqual(b);
    expect(world.running.sandbox.received.list().map((entry) => entry.kind)).toEqual(["invoice"]);
    expect(await auditOf(second.scanRequestId)).toHaveLength(1);
    // The accepted invoice may not be resent any more, yet the same form still answers with its outcome.
    expect((await singleResendOptions(POWER, second.scanRequestId))?.invoice).toBe(false);
    expect(await submit(POWER, second.scanRequestId, sameForm, cookie)).toEqual(a);
    expect(world.running.sandbox.received.list()).toHaveLength(1);

    const mine = pool.take((row) => row.providerId === DEMO_PROVIDER_ID && resultsReady(row));
    world.running.sandbox.received.clear();
    expect(await submit(PROVIDER, mine.scanRequestId, { kind: "results", token, dialog: true })).toEqual({
      status: 400,
      outcome: { title: "Fail", message: "Failed to Resend Scan Result", lines: ["This form has expired. Please reload the page and try again."] },
    });
    expect(world.running.sandbox.received.list()).toEqual([]);
  });

  it("refuses a token the server did not issue, one issued to another user and an expired one, sending nothing", async () => {
    const row = pool.take((candidate) => candidate.providerId === DEMO_PROVIDER_ID && resultsReady(candidate));
    const before = await writtenCounts();
    const tokens = {
      forged: randomBytes(32).toString("base64url"),
      anotherUsers: newResendToken(PROVIDER.id),
      expired: newResendToken(POWER.id, new Date(Date.now() - TOKEN_LIFETIME_MS - 1000)),
    };
    for (const [what, token] of Object.entries(tokens)) {
      expect(await submit(POWER, row.scanRequestId, { kind: "results", token, dialog: true }), what).toEqual({
        status: 400,
        outcome: { title: "Fail", message: "Failed to Resend Scan Result", lines: ["This form has expired. Please reload the page and try again."] },
      });
    }
    expect(await writtenCounts()).toEqual(before);
    expect(world.running.sandbox.received.list()).toEqual([]);
    // The provider-only user's own token works for them.
    expect(await submit(PROVIDER, row.scanRequestId, { kind: "results", token: tokens.anotherUsers, dialog: true })).toMatchObject({ status: 200 });
  });

  it("answers a repeat of a form it sent with that form's outcome, even once the form has expired", async () => {
    const row = pool.take(resultsReady);
    const issued = new Date();
    const form = { kind: "results" as const, token: newResendToken(POWER.id, issued), back: `/transactions/${row.scanRequestId}`, respondWithDialog: true };
    const first = await singleResend(POWER, String(row.scanRequestId), form, { now: () => issued });
    expect(first).toMatchObject({ kind: "done", outcome: { message: "Scan Result Posted Successfully" } });
    const afterExpiry = await singleResend(POWER, String(row.scanRequestId), form, { now: () => new Date(issued.getTime() + TOKEN_LIFETIME_MS + 60_000) });
    expect(afterExpiry).toEqual(first);
    expect(world.running.sandbox.received.list()).toHaveLength(1);
  });

  it("says 'Failed to Post Invoice' when the resend breaks, sending nothing", async () => {
    const row = pool.take(invoiceReady);
    await sql`alter table form_submissions rename to form_submissions_away`.execute(getDb());
    try {
      expect(await submit(POWER, row.scanRequestId, { kind: "invoice", dialog: true })).toEqual({
        status: 200,
        outcome: { title: "Fail", message: "Failed to Post Invoice", lines: [] },
      });
    } finally {
      await sql`alter table form_submissions_away rename to form_submissions`.execute(getDb());
    }
    expect(world.running.sandbox.received.list()).toEqual([]);
  });

  it("changes nothing on GET (405), and sends a signed-out visitor to sign in", async () => {
    const row = pool.take(resultsReady);
    const before = await writtenCounts();
    const cookie = await signedInCookie(POWER);
    const get = await loader({
      request: new Request(`${TEST_ORIGIN}/transactions/${row.scanRequestId}/resend?kind=results`, { headers: { Cookie: cookie } }),
      params: { id: String(row.scanRequestId) },
      context: CONTEXT,
    });
    expect(get.status).toBe(405);
    const thrown = await submit(POWER, row.scanRequestId, { kind: "results" }, "").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(await writtenCounts()).toEqual(before);
    expect(world.running.sandbox.received.list()).toEqual([]);
  });
});
