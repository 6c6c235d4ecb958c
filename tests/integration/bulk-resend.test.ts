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
import { newResendToken } from "~/modules/resend/resend-token.server";
import { action, loader } from "~/routes/_shell.transactions_.resend";
import { testDialects } from "../support/databases";
import { demoClaims } from "../support/demo-claims";
import { candidateRows, RowPool, resendable, withBothMessages, writtenCounts } from "../support/resend-fixtures";
import { auditOf, setUpResendWorld } from "../support/resend-world";
import { actionArgs, loaderArgs, pageRequest, signedInCookie, TEST_ORIGIN } from "../support/signed-in-request";

/**
 * The bulk resend (Available Actions) called as a loader and an action, on a small seeded
 * database, against the CCC ONE sandbox over real HTTP.
 */

const POWER = demoClaims("power");
const PROVIDER = demoClaims("provider");
const BACK = "/transactions?status=completed&page=2";
const RESULT_TITLE = "Diagnostic report and Invoice status";

interface Submission {
  ids: Array<number | string>;
  token?: string | null;
  report?: boolean;
  invoice?: boolean;
  back?: string;
  dialog?: boolean;
}

type Answer = { status: number; data: unknown } | { redirect: string; flash: { title: string; message: string; lines?: string[] } | null };

async function submit(user: UserClaims, submission: Submission, cookie?: string): Promise<Answer> {
  const body = new URLSearchParams();
  for (const id of submission.ids) body.append("ids", String(id));
  if (submission.token !== null) body.set("token", submission.token ?? newResendToken(user.id));
  if (submission.report ?? true) body.set("resendDiagnosticReport", "on");
  if (submission.invoice) body.set("resendInvoice", "on");
  body.set("back", submission.back ?? BACK);
  if (submission.dialog) body.set("respond", "dialog");
  const request = new Request(`${TEST_ORIGIN}/transactions/resend`, {
    method: "POST",
    headers: { Cookie: cookie ?? (await signedInCookie(user)), "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
  const result = await action(actionArgs(request));
  if (!(result instanceof Response)) return { status: result.init?.status ?? 200, data: result.data };
  const setCookie = result.headers.get("Set-Cookie");
  const flash = setCookie ? (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: setCookie.split(";")[0] } }))).flash : null;
  return { redirect: result.headers.get("Location") ?? "", flash };
}

async function page(user: UserClaims, query: string) {
  return loader(loaderArgs(pageRequest(`/transactions/resend?${query}`, await signedInCookie(user))));
}

function idsQuery(ids: Array<number | string>, back = BACK): string {
  const query = new URLSearchParams();
  for (const id of ids) query.append("ids", String(id));
  query.set("back", back);
  return query.toString();
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function documentsOf(scanRequestId: number) {
  return getDb()
    .selectFrom("transactionDocuments")
    .select(["id", "transactionType", "messageDirection", "messageType", "messageContent", "contentType", "createdTimestamp"])
    .where("scanRequestId", "=", scanRequestId)
    .orderBy("id")
    .execute();
}

async function stateOf(scanRequestId: number) {
  const db = getDb();
  const request = await db
    .selectFrom("scanRequests")
    .select(["invoiceStatus", "scanResponseId"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirstOrThrow();
  const details = await db
    .selectFrom("scanRequestDetails")
    .select(["retryCount", "ccconeResponse", "ccconeResponseStatus"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirstOrThrow();
  const response = await db
    .selectFrom("scanResponses")
    .select(["diagnosticReportMessageRetryCount", "invoiceMessageRetryCount", "invoiceStatus"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom("invoices")
    .select(["retryCount", "invoiceStatus", "invoiceResponse"])
    .where("scanRequestId", "=", scanRequestId)
    .executeTakeFirst();
  return { request, details, response, invoice: invoice ?? null };
}

describe.each(testDialects)("bulk resend on %s", (dialect) => {
  const world = setUpResendWorld(dialect);
  let pool: RowPool;

  beforeAll(async () => {
    pool = new RowPool(await candidateRows());
  });

  it("shows the selection with a one-time token, and the reasons when the selection breaks a rule", async () => {
    const ids = pool.take(2, withBothMessages);
    const shown = await page(POWER, idsQuery(ids));
    expect(shown).toMatchObject({ kind: "form", ids: ids.map(String), refusals: [], back: BACK, token: expect.stringMatching(/^[\w-]{43}$/) });
    expect(shown.kind === "form" && shown.rows.map((row) => row.scanRequestId)).toEqual(ids);
    const again = await page(POWER, idsQuery(ids));
    expect(again.kind === "form" && again.token).not.toBe(shown.kind === "form" && shown.token);

    const [calibration] = pool.take(1, (row) => row.scanType !== "Scan");
    const refused = await page(POWER, idsQuery([ids[0], calibration]));
    expect(refused).toMatchObject({
      kind: "form",
      token: null,
      refusals: [expect.stringMatching(new RegExp(`^Only transactions with scan type Scan can be resent: ${calibration} \\(`))],
    });
    expect(await page(POWER, "back=https://evil.example/")).toMatchObject({
      kind: "form",
      token: null,
      back: "/transactions",
      refusals: ["Select at least one transaction to resend."],
    });
  });

  it("refuses the whole request when any row breaks a rule, sending and writing nothing", async () => {
    const good = pool.take(1, withBothMessages)[0];
    const [notScan] = pool.take(1, (row) => row.scanType !== "Scan");
    const [failed] = pool.take(1, (row) => row.scanType === "Scan" && row.status.startsWith("FAILED"));
    const [cancelled] = pool.take(1, (row) => row.status === "CANCELLED");
    const [otherProvider] = pool.take(1, (row) => withBothMessages(row) && row.providerId !== DEMO_PROVIDER_ID);
    const [ownProvider] = pool.take(1, (row) => withBothMessages(row) && row.providerId === DEMO_PROVIDER_ID);
    const before = await writtenCounts();

    const cases: Array<[UserClaims, Submission, RegExp]> = [
      [POWER, { ids: [good, notScan] }, new RegExp(`^Only transactions with scan type Scan can be resent: ${notScan} \\(`)],
      [POWER, { ids: [good, failed] }, new RegExp(`^Failed or cancelled transactions cannot be resent: ${failed} \\(FAILED`)],
      [POWER, { ids: [cancelled, good] }, new RegExp(`^Failed or cancelled transactions cannot be resent: ${cancelled} \\(CANCELLED\\)\\.$`)],
      [POWER, { ids: [good, 99999999, "abc"] }, /^Transactions not found: 99999999, abc\.$/],
      // Another provider's row is "not found" for a provider-only user, exactly like an unknown id.
      [PROVIDER, { ids: [ownProvider, otherProvider] }, new RegExp(`^Transactions not found: ${otherProvider}\\.$`)],
      [POWER, { ids: [] }, /^Select at least one transaction to resend\.$/],
      [POWER, { ids: Array.from({ length: 51 }, (_, index) => index + 1) }, /^Select at most 50 transactions at a time\.$/],
      [POWER, { ids: [good], report: false, invoice: false }, /^Choose the diagnostic result, the invoice, or both\.$/],
      [POWER, { ids: [good], token: null }, /^This form has expired/],
      [POWER, { ids: [good], token: "not-a-token" }, /^This form has expired/],
    ];
    for (const [user, submission, message] of cases) {
      const answer = await submit(user, submission);
      expect(answer).toMatchObject({ status: 400, data: { refusals: expect.arrayContaining([expect.stringMatching(message)]) } });
    }
    expect(await writtenCounts()).toEqual(before);
    expect(world.running.sandbox.received.list()).toEqual([]);
  });

  it("resends the stored report and invoice: workflow documents, audit rows, retry counts, CCC ONE's answer, back to the grid with the pop-up", async () => {
    const ids = pool.take(2, withBothMessages);
    const before = await Promise.all(ids.map(stateOf));
    const documentsBefore = await Promise.all(ids.map(documentsOf));
    const shown = await page(POWER, idsQuery(ids));
    const token = shown.kind === "form" ? shown.token : null;

    const answer = await submit(POWER, { ids, token, report: true, invoice: true });
    expect(answer).toMatchObject({ redirect: BACK, flash: { title: RESULT_TITLE, message: "Results for 2 transaction(s):" } });
    const lines = "flash" in answer ? (answer.flash?.lines ?? []) : [];
    expect(lines).toHaveLength(2);
    ids.forEach((id, index) => expect(lines[index]).toMatch(new RegExp(`^Request ${id}: Scan Result Posted Successfully; Invoice Posted Successfully \\(`)));

    for (const [index, id] of ids.entries()) {
      const stored = documentsBefore[index];
      const latest = (type: string) =>
        stored.filter((doc) => doc.transactionType === type && doc.messageDirection === "OUTBOUND" && doc.messageType === "request").at(-1);
      const added = (await documentsOf(id)).slice(stored.length);
      expect(added.map((doc) => [doc.transactionType, doc.messageDirection, doc.messageType])).toEqual([
        ["DIAGNOSTIC_REPORT", "OUTBOUND", "request"],
        ["DIAGNOSTIC_REPORT", "INBOUND", "response"],
        ["INVOICE", "OUTBOUND", "request"],
        ["INVOICE", "INBOUND", "response"],
      ]);
      expect(added[0].messageContent).toBe(latest("DIAGNOSTIC_REPORT")?.messageContent);
      expect(added[2].messageContent).toBe(latest("INVOICE")?.messageContent);
      expect(added[1].messageContent).toContain(PDF_SAVED_SUFFIX);
      expect(added[3].messageContent).toMatch(/<(AcceptResult|RejectResult)>/);

      const after = await stateOf(id);
      expect(after.details.retryCount).toBe(before[index].details.retryCount + 1);
      expect(after.details).toMatchObject({ ccconeResponseStatus: "SUCCESS", ccconeResponse: expect.stringMatching(new RegExp(`${PDF_SAVED_SUFFIX}$`)) });
      expect(after.response.diagnosticReportMessageRetryCount).toBe(before[index].response.diagnosticReportMessageRetryCount + 1);
      expect(after.response.invoiceMessageRetryCount).toBe(before[index].response.invoiceMessageRetryCount + 1);
      expect(after.invoice?.retryCount).toBe((before[index].invoice?.retryCount ?? 0) + 1);
      expect(after.invoice?.invoiceResponse).toBe(added[3].messageContent);
      const status = added[3].messageContent?.includes("<AcceptResult>") ? "ACCEPTED" : "REJECTED";
      expect([after.invoice?.invoiceStatus, after.request.invoiceStatus, after.response.invoiceStatus]).toEqual([status, status, status]);

      const audit = await auditOf(id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor: "power", action: "resend" });
      expect(JSON.parse(audit[0].afterValue ?? "{}")).toMatchObject({
        attempts: [
          { kind: "diagnostic-report", ok: true, status: 200 },
          { kind: "invoice", ok: true, status: 200 },
        ],
      });
    }
    expect(
      world.running.sandbox.received
        .list()
        .map((entry) => [entry.kind, entry.scanRequestId])
        .sort(),
    ).toEqual(
      ids
        .flatMap((id) => [
          ["diagnostic-report", String(id)],
          ["invoice", String(id)],
        ])
        .sort(),
    );
  });

  it("sends only what was chosen", async () => {
    const [id] = pool.take(1, withBothMessages);
    const answer = await submit(POWER, { ids: [id], report: false, invoice: true });
    expect("flash" in answer && answer.flash?.lines).toEqual([expect.stringMatching(new RegExp(`^Request ${id}: Invoice Posted Successfully \\(`))]);
    expect(world.running.sandbox.received.list().map((entry) => entry.kind)).toEqual(["invoice"]);
  });

  it("gives a CCC ONE failure its own line and still records the attempt", async () => {
    const [failing, fine] = pool.take(2, withBothMessages);
    world.running.sandbox.setFailPattern(compileFailurePattern(String(failing)));
    const before = await stateOf(failing);
    const documentsBefore = (await documentsOf(failing)).length;

    const answer = await submit(POWER, { ids: [failing, fine], invoice: true });
    expect(answer).toMatchObject({ redirect: BACK, flash: { title: RESULT_TITLE } });
    const lines = "flash" in answer ? (answer.flash?.lines ?? []) : [];
    expect(lines[0]).toBe(
      `Request ${failing}: Failed to Resend Scan Result (CCC ONE answered HTTP 503: ERROR 5003: CCC ONE service unavailable (sandbox failure rule)); ` +
        "Failed to Resend Invoice (CCC ONE answered HTTP 503: CCC ONE invoice service unavailable (sandbox failure rule))",
    );
    expect(lines[1]).toMatch(new RegExp(`^Request ${fine}: Scan Result Posted Successfully; Invoice Posted Successfully`));

    const added = (await documentsOf(failing)).slice(documentsBefore);
    expect(added.map((doc) => [doc.transactionType, doc.messageDirection])).toEqual([
      ["DIAGNOSTIC_REPORT", "OUTBOUND"],
      ["DIAGNOSTIC_REPORT", "INBOUND"],
      ["INVOICE", "OUTBOUND"],
      ["INVOICE", "INBOUND"],
    ]);
    expect(added[1].messageContent).toContain("ERROR 5003");
    const after = await stateOf(failing);
    expect(after.details).toMatchObject({
      retryCount: before.details.retryCount + 1,
      ccconeResponseStatus: "ERROR",
      ccconeResponse: expect.stringContaining("HTTP 503"),
    });
    expect(after.invoice).toMatchObject({ retryCount: (before.invoice?.retryCount ?? 0) + 1, invoiceStatus: "FAILED" });
    expect(JSON.parse((await auditOf(failing))[0].afterValue ?? "{}")).toMatchObject({
      attempts: [
        { kind: "diagnostic-report", ok: false, failure: "http-status", status: 503 },
        { kind: "invoice", ok: false, status: 503 },
      ],
    });
  });

  it("records the error itself when CCC ONE cannot be reached", async () => {
    const [id] = pool.take(1, withBothMessages);
    const documentsBefore = (await documentsOf(id)).length;
    setCccOneSettings({ baseUrl: `http://127.0.0.1:${await closedPort()}/cccone`, timeoutMs: 2000, maxInFlight: 4 });
    try {
      const answer = await submit(POWER, { ids: [id], invoice: true });
      expect("flash" in answer && answer.flash?.lines).toEqual([
        `Request ${id}: Failed to Resend Scan Result (CCC ONE could not be reached (ECONNREFUSED)); Failed to Post Invoice (CCC ONE could not be reached (ECONNREFUSED))`,
      ]);
    } finally {
      setCccOneSettings(world.running.clientSettings());
    }
    const added = (await documentsOf(id)).slice(documentsBefore);
    expect(added).toHaveLength(4);
    expect(added[1]).toMatchObject({ messageDirection: "INBOUND", contentType: "application/json" });
    expect(JSON.parse(added[1].messageContent ?? "{}")).toEqual({ status: null, error: "CCC ONE could not be reached (ECONNREFUSED)" });
  });

  it("sends each document once when the same form comes twice, one after the other or at once", async () => {
    const [first, second] = pool.take(2, withBothMessages);
    const token = newResendToken(POWER.id);
    const once = await submit(POWER, { ids: [first], token, invoice: true });
    const counts = await writtenCounts();
    const twice = await submit(POWER, { ids: [first], token, invoice: true });
    expect(twice).toEqual(once);
    expect(await writtenCounts()).toEqual(counts);
    expect(world.running.sandbox.received.list()).toHaveLength(2);

    world.running.sandbox.received.clear();
    const sameForm: Submission = { ids: [second], token: newResendToken(POWER.id), invoice: true };
    const cookie = await signedInCookie(POWER);
    const [a, b] = await Promise.all([submit(POWER, sameForm, cookie), submit(POWER, sameForm, cookie)]);
    expect(a).toEqual(b);
    expect(
      world.running.sandbox.received
        .list()
        .map((entry) => entry.kind)
        .sort(),
    ).toEqual(["diagnostic-report", "invoice"]);
    expect(await auditOf(second)).toHaveLength(1);

    // Another user's form is not this user's to repeat.
    expect(await submit(PROVIDER, { ids: [], token })).toMatchObject({ status: 400 });
    const foreign = pool.take(1, (row) => withBothMessages(row) && row.providerId === DEMO_PROVIDER_ID);
    expect(await submit(PROVIDER, { ids: foreign, token })).toMatchObject({
      status: 400,
      data: { refusals: [expect.stringMatching(/^This form has expired/)] },
    });
  });

  it("refuses a token the server did not issue, or issued to another user, sending nothing", async () => {
    const [id] = pool.take(1, withBothMessages);
    const before = await writtenCounts();
    for (const token of [randomBytes(32).toString("base64url"), newResendToken(PROVIDER.id)]) {
      expect(await submit(POWER, { ids: [id], token, invoice: true })).toEqual({
        status: 400,
        data: { refusals: ["This form has expired. Please open Available Actions again."] },
      });
    }
    expect(await writtenCounts()).toEqual(before);
    expect(world.running.sandbox.received.list()).toEqual([]);
  });

  it("says so for a transaction without a stored message, without failing the others", async () => {
    const [bare] = pool.take(1, (row) => resendable(row) && !row.hasReport && !row.hasInvoice);
    const [fine] = pool.take(1, withBothMessages);
    const answer = await submit(POWER, { ids: [bare, fine], invoice: true });
    const lines = "flash" in answer ? (answer.flash?.lines ?? []) : [];
    expect(lines[0]).toBe(`Request ${bare}: No stored diagnostic report to resend; No stored invoice to resend`);
    expect(lines[1]).toMatch(/Scan Result Posted Successfully/);
    expect(world.running.sandbox.received.list().every((entry) => entry.scanRequestId === String(fine))).toBe(true);
  });

  it("answers the modal with the outcome as data, for its pop-up", async () => {
    const [id] = pool.take(1, withBothMessages);
    const answer = await submit(POWER, { ids: [id], dialog: true });
    expect(answer).toEqual({
      status: 200,
      data: {
        outcome: {
          title: RESULT_TITLE,
          message: "Results for 1 transaction(s):",
          lines: [expect.stringMatching(/^Request \d+: Scan Result Posted Successfully$/)],
        },
      },
    });
  });

  it("shows an outcome too long for the pop-up's cookie on the resend page, to its user only", async () => {
    const ids = pool.take(20, withBothMessages);
    world.running.sandbox.setFailPattern(compileFailurePattern("\\d+"));
    const token = newResendToken(POWER.id);
    const answer = await submit(POWER, { ids, token, invoice: true });
    expect(answer).toMatchObject({ redirect: `/transactions/resend?result=${token}&back=${encodeURIComponent(BACK)}`, flash: null });
    const shown = await page(POWER, `result=${token}&back=${encodeURIComponent(BACK)}`);
    expect(shown).toMatchObject({ kind: "result", back: BACK, outcome: { title: RESULT_TITLE } });
    expect(shown.kind === "result" && shown.outcome.lines).toHaveLength(20);
    expect(await page(PROVIDER, `result=${token}`)).toMatchObject({ kind: "form", refusals: ["Select at least one transaction to resend."] });
  });

  it("answers 'Fail' / 'Failed to resend Invoices/Diagnostic reports' when the resend as a whole breaks, sending nothing", async () => {
    const [id] = pool.take(1, withBothMessages);
    await sql`alter table form_submissions rename to form_submissions_away`.execute(getDb());
    try {
      expect(await submit(POWER, { ids: [id] })).toEqual({
        redirect: BACK,
        flash: { title: "Fail", message: "Failed to resend Invoices/Diagnostic reports", lines: [] },
      });
      expect(await submit(POWER, { ids: [id], dialog: true })).toEqual({
        status: 200,
        data: { outcome: { title: "Fail", message: "Failed to resend Invoices/Diagnostic reports", lines: [] } },
      });
    } finally {
      await sql`alter table form_submissions_away rename to form_submissions`.execute(getDb());
    }
    expect(world.running.sandbox.received.list()).toEqual([]);
  });

  it("sends a signed-out visitor to sign in, sending nothing", async () => {
    const [id] = pool.take(1, withBothMessages);
    const thrown = await submit(POWER, { ids: [id] }, "").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
    expect(world.running.sandbox.received.list()).toEqual([]);
  });
});
