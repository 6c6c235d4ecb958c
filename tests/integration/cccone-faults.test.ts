import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAIL_TITLE, INVOICE_NOT_POSTED, INVOICE_NOT_RESENT, SCAN_RESULT_FAILED, SCAN_RESULT_POSTED } from "~/modules/resend/vocabulary";
import { FAKE_FAILURE_TEXT, startFakeCccOne, type FakeCccOne } from "../support/fake-cccone";
import { FaultProxy } from "../support/fault-proxy";
import type { Browser } from "../support/http-browser";
import { bulkResendToken, singleResendToken } from "../support/issued-resend-token";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";
import { resendableRows, type ServerResendRow } from "../support/server-resend-rows";

/**
 * CCC ONE failing under the real production server (CCCONE_URL pointed at a stand-in the test
 * controls, behind a proxy that can refuse connections): it answers 503, takes the request and
 * never answers (past CCCONE_TIMEOUT_MS), or refuses the connection. For the single and the bulk
 * resend the user gets the spec's failure words with the reason, the attempt is recorded (workflow
 * documents, audit row), the same form repeated sends nothing again, and nothing is lost: once
 * CCC ONE is back, a new resend sends the very same stored message.
 */

/** Short enough to keep the hanging case quick, long enough for a busy shared machine's real answers. */
const TIMEOUT_MS = 1500;

let dataDir: string;
let server: RunningServer;
let base: string;
let power: Browser;
let fake: FakeCccOne;
let proxy: FaultProxy;
let rows: ServerResendRow[];
const taken = new Set<number>();

interface Fault {
  name: string;
  arrange(): Promise<void>;
  /** The reason the portal gives, after the failure message. */
  reason: string;
  /** Whether the request reached CCC ONE (a refused connection never does). */
  reaches: boolean;
  /** The invoice's failure message: an HTTP error status is "not resent", no answer "not posted". */
  invoiceMessage: string;
  failureKind: string;
}

const FAULTS: Fault[] = [
  {
    name: "answers 503",
    arrange: async () => void (fake.mode = "fail"),
    reason: `CCC ONE answered HTTP 503: ${FAKE_FAILURE_TEXT}`,
    reaches: true,
    invoiceMessage: INVOICE_NOT_RESENT,
    failureKind: "http-status",
  },
  {
    name: "takes the request and hangs past the timeout",
    arrange: async () => void (fake.mode = "hang"),
    reason: `No answer from CCC ONE within ${TIMEOUT_MS} ms`,
    reaches: true,
    invoiceMessage: INVOICE_NOT_POSTED,
    failureKind: "timeout",
  },
  {
    name: "refuses the connection",
    arrange: () => proxy.refuse(),
    reason: "CCC ONE could not be reached (ECONNREFUSED)",
    reaches: false,
    invoiceMessage: INVOICE_NOT_POSTED,
    failureKind: "unreachable",
  },
];

function take(fits: (row: ServerResendRow) => boolean, count = 1): number[] {
  const chosen = rows.filter((row) => !taken.has(row.id) && fits(row)).slice(0, count);
  if (chosen.length < count) throw new Error(`only ${chosen.length} of ${count} rows fit`);
  for (const row of chosen) taken.add(row.id);
  return chosen.map((row) => row.id);
}

function database(): SQLite.Database {
  return new SQLite(path.join(dataDir, "portal.sqlite"), { readonly: true });
}

function auditAttempts(id: number): Array<Array<{ kind: string; ok: boolean; failure?: string }>> {
  const db = database();
  try {
    const audit = db
      .prepare("select after_value as after from audit_log where entity = 'scan_requests' and entity_id = ? order by id")
      .all(String(id)) as Array<{ after: string }>;
    return audit.map((row) => (JSON.parse(row.after) as { attempts: Array<{ kind: string; ok: boolean; failure?: string }> }).attempts);
  } finally {
    db.close();
  }
}

/** The workflow documents a resend added for one transaction after `afterId`. */
function documentsAfter(id: number, afterId: number): Array<{ type: string; direction: string; content: string }> {
  const db = database();
  try {
    return db
      .prepare(
        "select transaction_type as type, message_direction as direction, message_content as content from transaction_documents where scan_request_id = ? and id > ? order by id",
      )
      .all(id, afterId) as Array<{ type: string; direction: string; content: string }>;
  } finally {
    db.close();
  }
}

function lastDocumentId(): number {
  const db = database();
  try {
    return (db.prepare("select max(id) as id from transaction_documents").get() as { id: number }).id;
  } finally {
    db.close();
  }
}

/** The button's fetcher request (with JavaScript): the outcome comes back as data. */
async function singleResend(id: number, kind: "results" | "invoice", token: string): Promise<string> {
  const answer = await power.post(`${base}/transactions/${id}/resend.data`, { kind, token, back: `/transactions/${id}`, respond: "dialog" });
  expect(answer.status).toBe(200);
  return answer.text();
}

async function bulkResend(ids: number[], token: string): Promise<string> {
  const form = new URLSearchParams({ token, resendDiagnosticReport: "on", resendInvoice: "on", back: "/transactions", respond: "dialog" });
  for (const id of ids) form.append("ids", String(id));
  const answer = await power.request(`${base}/transactions/resend.data`, { method: "POST", body: form });
  expect(answer.status).toBe(200);
  return answer.text();
}

beforeAll(async () => {
  fake = await startFakeCccOne();
  proxy = await FaultProxy.start({ host: "127.0.0.1", port: fake.port });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cccone-faults-"));
  server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_SCALE: "200",
      CCCONE_URL: `http://${proxy.address}/cccone`,
      CCCONE_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    200_000,
  );
  base = server.url.replace("127.0.0.1", "localhost");
  power = (await signInAs(base, "power")).browser;
  rows = resendableRows(path.join(dataDir, "portal.sqlite"));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  fake.mode = "answer";
  await proxy.forward();
  fake.received.length = 0;
});

describe.each(FAULTS)("when CCC ONE $name", (fault) => {
  it("the single resends fail with the spec's words and the reason, are recorded, and a repeated form sends nothing again", async () => {
    const [resultsId] = take((row) => row.results && !row.bulk);
    const [invoiceId] = take((row) => row.invoice && !row.bulk);
    const before = lastDocumentId();
    await fault.arrange();

    const resultsToken = await singleResendToken(power, base, resultsId, "results");
    const results = await singleResend(resultsId, "results", resultsToken);
    for (const text of [FAIL_TITLE, SCAN_RESULT_FAILED, fault.reason]) expect(results).toContain(text);
    const invoiceToken = await singleResendToken(power, base, invoiceId, "invoice");
    const invoice = await singleResend(invoiceId, "invoice", invoiceToken);
    for (const text of [FAIL_TITLE, fault.invoiceMessage, fault.reason]) expect(invoice).toContain(text);
    expect(fake.received.map((call) => call.kind)).toEqual(fault.reaches ? ["diagnostic-report", "invoice"] : []);

    // The attempt is recorded: what was sent, what came back (or the error), and the audit row.
    expect(documentsAfter(resultsId, before).map((doc) => [doc.type, doc.direction])).toEqual([
      ["DIAGNOSTIC_REPORT", "OUTBOUND"],
      ["DIAGNOSTIC_REPORT", "INBOUND"],
    ]);
    expect(documentsAfter(invoiceId, before).at(-1)?.content).toContain(
      fault.reaches && fault.failureKind === "http-status" ? FAKE_FAILURE_TEXT : fault.reason,
    );
    expect(auditAttempts(resultsId)).toEqual([[expect.objectContaining({ kind: "diagnostic-report", ok: false, failure: fault.failureKind })]]);
    expect(auditAttempts(invoiceId)).toEqual([[expect.objectContaining({ kind: "invoice", ok: false, failure: fault.failureKind })]]);

    // The same form again (a double click, a reload) answers with the same outcome and sends nothing.
    const sent = fake.received.length;
    expect(await singleResend(resultsId, "results", resultsToken)).toBe(results);
    expect(await singleResend(invoiceId, "invoice", invoiceToken)).toBe(invoice);
    expect(fake.received).toHaveLength(sent);
    expect(auditAttempts(resultsId)).toHaveLength(1);

    // Nothing is lost: with CCC ONE back, a new resend sends the same stored report and succeeds.
    const failedBody = fake.received[0]?.body;
    fake.mode = "answer";
    await proxy.forward();
    fake.received.length = 0;
    const retried = await singleResend(resultsId, "results", await singleResendToken(power, base, resultsId, "results"));
    expect(retried).toContain(SCAN_RESULT_POSTED);
    expect(fake.received.map((call) => [call.kind, call.scanRequestId])).toEqual([["diagnostic-report", String(resultsId)]]);
    if (failedBody !== undefined) expect(fake.received[0].body).toBe(failedBody);
  });

  it("the bulk resend gives each transaction its failure line, records it, and a repeated form sends nothing again", async () => {
    const ids = take((row) => row.bulk, 2);
    await fault.arrange();
    const token = await bulkResendToken(power, base, ids);
    const outcome = await bulkResend(ids, token);
    expect(outcome).toContain("Diagnostic report and Invoice status");
    for (const id of ids) {
      expect(outcome).toContain(`Request ${id}: ${SCAN_RESULT_FAILED} (${fault.reason}); ${fault.invoiceMessage} (${fault.reason})`);
      expect(auditAttempts(id)).toEqual([
        [
          expect.objectContaining({ kind: "diagnostic-report", ok: false, failure: fault.failureKind }),
          expect.objectContaining({ kind: "invoice", ok: false, failure: fault.failureKind }),
        ],
      ]);
    }
    expect(fake.received).toHaveLength(fault.reaches ? 4 : 0);

    expect(await bulkResend(ids, token)).toBe(outcome);
    expect(fake.received).toHaveLength(fault.reaches ? 4 : 0);
    for (const id of ids) expect(auditAttempts(id)).toHaveLength(1);
  });
});
