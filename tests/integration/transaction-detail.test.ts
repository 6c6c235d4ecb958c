import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEMO_PROVIDER_ID } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";
import { formatMoney } from "~/lib/money";
import type { DocumentViewData } from "~/modules/transaction-detail/document-page.server";
import { displayInvoiceId, formatPhone, invoiceLinesToShow, SYNTHETIC_LINE_DESCRIPTION } from "~/modules/transaction-detail/formatting";
import { IMPACT_COLOURS, impactCircles } from "~/modules/transaction-detail/impact-circles";
import type { DetailPageData } from "~/modules/transaction-detail/view-models";
import { loader as transactionLoader } from "~/routes/_shell.transactions_.$id";
import { loader as documentLoader } from "~/routes/_shell.transactions_.documents.$documentId";
import { loader as quoteLoader } from "~/routes/_shell.transactions_.quotes.$id";
import { loader as serviceLoader } from "~/routes/_shell.transactions_.services.$id";
import { loader as downloadLoader } from "~/routes/transactions.documents.$documentId.download";
import { loader as formattedLoader } from "~/routes/transactions.documents.$documentId.formatted";
import { loader as attachmentLoader } from "~/routes/transactions.quotes.$id.attachments.$attachmentId";
import { testDialects } from "../support/databases";
import { setUpSeededPortal } from "../support/seeded-portal";
import { pageRequest, signedInCookie } from "../support/signed-in-request";

/** The detail views, document viewer and attachment files, their loaders called as functions on seeded demo data. */
function user(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-${login}`, login, firstName: null, lastName: null, email: null, roles, companyId };
}
const POWER = user("power", ["DIP_PORTAL", "DIP_POWER"]);
const PROVIDER = user("provider", ["DIP_PORTAL", "DIP_PROVIDER"], DEMO_PROVIDER_ID);

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
const CONTEXT = { nonce: "test-nonce", requestId: "test-request" };

async function call(loader: Loader, claims: UserClaims, path: string, params: Record<string, string>): Promise<unknown> {
  const request = pageRequest(path, await signedInCookie(claims));
  try {
    return await loader({ request, params, context: CONTEXT });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function page(loader: Loader, claims: UserClaims, path: string, params: Record<string, string>): Promise<DetailPageData> {
  const answer = await call(loader, claims, path, params);
  if (answer instanceof Response) throw new Error(`expected a page for ${path}, got ${answer.status}`);
  return answer as DetailPageData;
}

async function refusal(loader: Loader, claims: UserClaims, path: string, params: Record<string, string>): Promise<{ status: number; body: string }> {
  const answer = await call(loader, claims, path, params);
  if (!(answer instanceof Response)) throw new Error(`expected a refusal for ${path}`);
  return { status: answer.status, body: await answer.text() };
}

describe("detail formatting", () => {
  it("writes a phone with the area code and a dash after 3 digits", () => {
    expect(formatPhone("312", "5550142")).toBe("(312) 555-0142");
    expect(formatPhone(null, "5550142")).toBe("555-0142");
    expect(formatPhone("312", null)).toBe("");
  });

  it("shows an invoice id up to its first underscore", () => {
    expect(displayInvoiceId("INV123_2")).toBe("INV123");
    expect(displayInvoiceId("INV123")).toBe("INV123");
  });

  it("adds one synthetic 'Diagnostics Scan' line only when there are no lines but both prices exist", () => {
    expect(invoiceLinesToShow([], { listPrice: 80, netPrice: 70, serviceUid: "u1" })).toEqual([
      { lineNo: 1, serviceUid: "u1", type: null, description: SYNTHETIC_LINE_DESCRIPTION, listPrice: 80, netPrice: 70 },
    ]);
    expect(invoiceLinesToShow([], { listPrice: 80, netPrice: null, serviceUid: null })).toEqual([]);
    const line = { lineNo: 1, serviceUid: null, type: "SCAN", description: "Scan", listPrice: 1, netPrice: 1 };
    expect(invoiceLinesToShow([line], { listPrice: 80, netPrice: 70, serviceUid: null })).toEqual([line]);
  });

  it("draws 15 numbered circles, primary impacts orange and secondary yellow", () => {
    const circles = impactCircles([3, 13], [3, 7, 99]);
    expect(circles.map((circle) => circle.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(circles.filter((circle) => circle.kind === "primary").map((circle) => circle.number)).toEqual([3, 13]);
    expect(circles.filter((circle) => circle.kind === "secondary").map((circle) => circle.number)).toEqual([7]);
    expect(IMPACT_COLOURS.primary).not.toBe(IMPACT_COLOURS.secondary);
  });
});

describe.each(testDialects)("detail views on %s", (dialect) => {
  const portal = setUpSeededPortal(dialect, { scale: 400, fileStorage: true });
  const db = () => portal.db();

  async function requestOf(providerOwn: boolean, extra: { type?: string; withQuote?: boolean } = {}) {
    let query = db()
      .selectFrom("scanRequests")
      .select(["scanRequestId", "quoteId", "type"])
      .where("providerId", providerOwn ? "=" : "<>", DEMO_PROVIDER_ID);
    if (extra.type) query = query.where("type", "=", extra.type);
    if (extra.withQuote) query = query.where("quoteId", "is not", null);
    return query.orderBy("scanRequestId").executeTakeFirstOrThrow();
  }

  it("shows a transaction's header, summary and Service Information, Back to the grid it came from", async () => {
    const own = await requestOf(true);
    const back = "/transactions?from=2025-01-01&status=COMPLETED";
    const view = await page(transactionLoader, PROVIDER, `/transactions/${own.scanRequestId}?${new URLSearchParams({ back })}`, {
      id: String(own.scanRequestId),
    });
    expect(view.heading).toBe(`Diagnostics Service Request ID: ${own.scanRequestId}`);
    expect(view.backHref).toBe(back);
    expect(view.header.circles).toHaveLength(15);
    expect(view.header.phone).toMatch(/^(\(\d+\) )?\d{3}-\d+$/);
    expect(view.tabs.map((tab) => tab.label).slice(0, 4)).toEqual(["Transaction Details", "View Results", "Reports", "Invoice Details"]);
    expect(view.active?.id).toBe("details");
    expect(view.sections.map((section) => section.label)).toEqual(["Service Information", "Status", "Workflow Logs"]);
    expect(view.supportContact).not.toBe("");
  });

  it("colours the diagram's circles from the scan response's primary and secondary impact codes", async () => {
    const response = await db()
      .selectFrom("scanResponses")
      .select(["scanRequestId", "primaryImpactCd", "secondaryImpactCd"])
      .where("primaryImpactCd", "<>", "[]")
      .where("secondaryImpactCd", "<>", "[]")
      .orderBy("scanRequestId")
      .executeTakeFirstOrThrow();
    const id = String(response.scanRequestId);
    const view = await page(transactionLoader, POWER, `/transactions/${id}`, { id });
    const numbers = (kind: string) => view.header.circles.filter((circle) => circle.kind === kind).map((circle) => circle.number);
    expect(numbers("primary")).toEqual(JSON.parse(response.primaryImpactCd));
    expect(numbers("secondary")).toEqual(JSON.parse(response.secondaryImpactCd));
  });

  it("keeps Back on this view's own grid and this origin", async () => {
    const own = await requestOf(true);
    const open = (back: string) =>
      page(transactionLoader, POWER, `/transactions/${own.scanRequestId}?${new URLSearchParams({ back })}`, { id: String(own.scanRequestId) });
    expect((await open("//evil.example/transactions")).backHref).toBe("/transactions");
    expect((await open("https://evil.example/transactions")).backHref).toBe("/transactions");
    expect((await open("/transactions/services?page=2")).backHref).toBe("/transactions");
    const service = await requestOf(true, { type: "services" });
    const serviceView = await page(serviceLoader, POWER, `/transactions/services/${service.scanRequestId}`, { id: String(service.scanRequestId) });
    expect(serviceView.backHref).toBe("/transactions/services");
  });

  it("answers unknown ids, letters and other providers' ids with the same 404 on every route", async () => {
    const other = await requestOf(false);
    const otherService = await requestOf(false, { type: "services" });
    const diagnostics = await requestOf(true, { type: "diagnostics" });
    const otherQuote = await db()
      .selectFrom("quotes")
      .select("quoteId")
      .where("providerId", "<>", DEMO_PROVIDER_ID)
      .orderBy("quoteId")
      .executeTakeFirstOrThrow();
    const otherDocument = await db()
      .selectFrom("transactionDocuments as d")
      .innerJoin("scanRequests as r", "r.scanRequestId", "d.scanRequestId")
      .select("d.id")
      .where("r.providerId", "<>", DEMO_PROVIDER_ID)
      .orderBy("d.id")
      .executeTakeFirstOrThrow();
    const otherAttachment = await db()
      .selectFrom("quoteAttachments as a")
      .innerJoin("quotes as q", "q.quoteId", "a.quoteId")
      .select(["a.id", "a.quoteId"])
      .where("q.providerId", "<>", DEMO_PROVIDER_ID)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const unknown = "999999999";
    // Past PostgreSQL's 32-bit integer keys: a 404 too, not a query error.
    const huge = "99999999999";
    const cases: Array<[Loader, string, Record<string, string>]> = [
      [transactionLoader, `/transactions/${huge}`, { id: huge }],
      [transactionLoader, "/transactions/2147483648", { id: "2147483648" }],
      [quoteLoader, `/transactions/quotes/${huge}`, { id: huge }],
      [documentLoader, `/transactions/documents/${huge}`, { documentId: huge }],
      [attachmentLoader, `/transactions/quotes/${huge}/attachments/${huge}`, { id: huge, attachmentId: huge }],
      [transactionLoader, `/transactions/${other.scanRequestId}`, { id: String(other.scanRequestId) }],
      [transactionLoader, `/transactions/${unknown}`, { id: unknown }],
      [transactionLoader, "/transactions/12ab", { id: "12ab" }],
      [serviceLoader, `/transactions/services/${otherService.scanRequestId}`, { id: String(otherService.scanRequestId) }],
      [serviceLoader, `/transactions/services/${diagnostics.scanRequestId}`, { id: String(diagnostics.scanRequestId) }],
      [serviceLoader, `/transactions/services/${unknown}`, { id: unknown }],
      [quoteLoader, `/transactions/quotes/${otherQuote.quoteId}`, { id: String(otherQuote.quoteId) }],
      [quoteLoader, `/transactions/quotes/${unknown}`, { id: unknown }],
      [documentLoader, `/transactions/documents/${otherDocument.id}`, { documentId: String(otherDocument.id) }],
      [documentLoader, `/transactions/documents/${unknown}`, { documentId: unknown }],
      [downloadLoader, `/transactions/documents/${otherDocument.id}/download`, { documentId: String(otherDocument.id) }],
      [downloadLoader, `/transactions/documents/x/download`, { documentId: "x" }],
      [formattedLoader, `/transactions/documents/${otherDocument.id}/formatted`, { documentId: String(otherDocument.id) }],
      [formattedLoader, `/transactions/documents/${unknown}/formatted`, { documentId: unknown }],
      [
        attachmentLoader,
        `/transactions/quotes/${otherAttachment.quoteId}/attachments/${otherAttachment.id}`,
        { id: String(otherAttachment.quoteId), attachmentId: String(otherAttachment.id) },
      ],
      [
        attachmentLoader,
        `/transactions/quotes/${otherAttachment.quoteId}/attachments/${unknown}`,
        { id: String(otherAttachment.quoteId), attachmentId: unknown },
      ],
    ];
    for (const [loader, path, params] of cases)
      expect({ path, ...(await refusal(loader, PROVIDER, path, params)) }).toEqual({ path, status: 404, body: "Not Found" });
    // Staff see the other provider's rows.
    expect((await page(transactionLoader, POWER, `/transactions/${other.scanRequestId}`, { id: String(other.scanRequestId) })).id).toBe(other.scanRequestId);
  });

  it("corrects an unknown tab or section with a redirect that keeps Back", async () => {
    const own = await requestOf(true);
    const path = (query: string) => `/transactions/${own.scanRequestId}?${query}`;
    const params = { id: String(own.scanRequestId) };
    const badTab = (await call(transactionLoader, POWER, path("tab=nope&back=%2Ftransactions%3Fpage%3D2"), params)) as Response;
    expect(badTab.status).toBe(302);
    const target = new URL(badTab.headers.get("Location") ?? "", "http://x");
    expect(Object.fromEntries(target.searchParams)).toEqual({ tab: "details", section: "service", back: "/transactions?page=2" });
    const badSection = (await call(transactionLoader, POWER, path("tab=invoice&section=%3Cscript%3E"), params)) as Response;
    expect(new URL(badSection.headers.get("Location") ?? "", "http://x").searchParams.get("section")).toBe("information");
    const noQuote = await db()
      .selectFrom("scanRequests")
      .select("scanRequestId")
      .where("quoteId", "is", null)
      .orderBy("scanRequestId")
      .executeTakeFirstOrThrow();
    const hidden = (await call(transactionLoader, POWER, `/transactions/${noQuote.scanRequestId}?tab=quote`, {
      id: String(noQuote.scanRequestId),
    })) as Response;
    expect(hidden.status).toBe(302);
    expect(new URL(hidden.headers.get("Location") ?? "", "http://x").searchParams.get("tab")).toBe("details");
  });

  it("separates INVOICE documents, sorted oldest first, and offers the CCC document only for a saved PDF", async () => {
    const invoiced = await db()
      .selectFrom("scanRequests as r")
      .innerJoin("invoices as i", "i.scanRequestId", "r.scanRequestId")
      .select("r.scanRequestId")
      .orderBy("r.scanRequestId")
      .executeTakeFirstOrThrow();
    const id = String(invoiced.scanRequestId);
    const logs = await page(transactionLoader, POWER, `/transactions/${id}?tab=details&section=logs`, { id });
    if (logs.active?.id !== "details") throw new Error("expected Transaction Details");
    expect(logs.active.data.logs.length).toBeGreaterThan(0);
    expect(logs.active.data.logs.some((row) => row.transactionType === "INVOICE")).toBe(false);
    const ids = logs.active.data.logs.map((row) => row.id);
    const stored = await db()
      .selectFrom("transactionDocuments")
      .select(["id", "createdTimestamp"])
      .where("scanRequestId", "=", invoiced.scanRequestId)
      .where("transactionType", "<>", "INVOICE")
      .execute();
    expect(ids).toEqual([...stored].sort((a, b) => a.createdTimestamp.localeCompare(b.createdTimestamp) || a.id - b.id).map((row) => row.id));
    const invoice = await page(transactionLoader, POWER, `/transactions/${id}?tab=invoice&section=logs`, { id });
    if (invoice.active?.id !== "invoice") throw new Error("expected Invoice Details");
    expect(invoice.active.data.logs.every((row) => row.transactionType === "INVOICE")).toBe(true);
    expect(invoice.active.data.information?.invoiceId).not.toContain("_");

    const saved = await db()
      .selectFrom("scanRequestDetails")
      .select("scanRequestId")
      .where("ccconeResponse", "like", "%PDF REPORT GENERATED AND SAVED")
      .orderBy("scanRequestId")
      .executeTakeFirstOrThrow();
    const unsaved = await db()
      .selectFrom("scanRequestDetails")
      .select("scanRequestId")
      .where("ccconeResponse", "is not", null)
      .where("ccconeResponse", "not like", "%PDF REPORT GENERATED AND SAVED")
      .orderBy("scanRequestId")
      .executeTakeFirstOrThrow();
    for (const [row, offered] of [
      [saved, true],
      [unsaved, false],
    ] as const) {
      const view = await page(transactionLoader, POWER, `/transactions/${row.scanRequestId}?tab=details&section=status`, { id: String(row.scanRequestId) });
      if (view.active?.id !== "details") throw new Error("expected Transaction Details");
      expect(view.active.data.status.documentHref !== null).toBe(offered);
    }
  });

  it("shows one synthetic 'Diagnostics Scan' line for an invoice without lines, and the invoice total with two decimals", async () => {
    const bare = await db()
      .selectFrom("invoices as i")
      .select(["i.scanRequestId", "i.invoiceNetPrice", "i.invoiceTaxPrice"])
      .where((eb) => eb.not(eb.exists(eb.selectFrom("invoiceLineItems as l").select("l.id").whereRef("l.invoiceId", "=", "i.invoiceId"))))
      .where("i.invoiceNetPrice", "is not", null)
      .orderBy("i.scanRequestId")
      .executeTakeFirstOrThrow();
    const id = String(bare.scanRequestId);
    const view = await page(transactionLoader, POWER, `/transactions/${id}?tab=invoice&section=lines`, { id });
    if (view.active?.id !== "invoice") throw new Error("expected Invoice Details");
    expect(view.active.data.lines).toHaveLength(1);
    expect(view.active.data.lines[0].description).toBe("Diagnostics Scan");
    expect(view.active.data.lines[0].netPrice).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    // The Invoice Total is money like every other price: "$" and two decimals.
    expect(view.summary.invoiceTotal?.net).toBe(formatMoney(bare.invoiceNetPrice));
    expect(view.summary.invoiceTotal?.total).toBe(formatMoney((bare.invoiceNetPrice ?? 0) + (bare.invoiceTaxPrice ?? 0)));
    expect(view.summary.invoiceTotal?.total).toMatch(/^\$\d[\d,]*\.\d{2}$/);
  });

  it("offers Quote Details when a quote exists and quoteDetailsPageButton is on; from the quote grid only that tab", async () => {
    const withQuote = await requestOf(true, { withQuote: true });
    const id = String(withQuote.scanRequestId);
    expect((await page(transactionLoader, POWER, `/transactions/${id}`, { id })).tabs.map((tab) => tab.id)).toEqual([
      "details",
      "results",
      "reports",
      "invoice",
      "quote",
    ]);
    const quoteId = String(withQuote.quoteId);
    const quoteView = await page(quoteLoader, PROVIDER, `/transactions/quotes/${quoteId}`, { id: quoteId });
    expect(quoteView.heading).toBe(`Diagnostics Quote ID: ${quoteId}`);
    expect(quoteView.tabs.map((tab) => tab.id)).toEqual(["quote"]);
    expect(quoteView.backHref).toBe("/transactions/quotes");
    await db().updateTable("configurations").set({ configValue: "false" }).where("configKey", "=", "quoteDetailsPageButton").execute();
    try {
      expect((await page(transactionLoader, POWER, `/transactions/${id}`, { id })).tabs.map((tab) => tab.id)).toEqual([
        "details",
        "results",
        "reports",
        "invoice",
      ]);
    } finally {
      await db().updateTable("configurations").set({ configValue: "true" }).where("configKey", "=", "quoteDetailsPageButton").execute();
    }
  });

  it("serves a workflow document and a quote attachment with a server-chosen name and the right type", async () => {
    const document = await db()
      .selectFrom("transactionDocuments as d")
      .innerJoin("scanRequests as r", "r.scanRequestId", "d.scanRequestId")
      .select(["d.id", "d.messageContent", "d.transactionType"])
      .where("r.providerId", "=", DEMO_PROVIDER_ID)
      .where("d.contentType", "=", "application/xml")
      .orderBy("d.id")
      .executeTakeFirstOrThrow();
    const download = (await call(downloadLoader, PROVIDER, `/transactions/documents/${document.id}/download`, { documentId: String(document.id) })) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toMatch(new RegExp(`^attachment; filename="${document.transactionType}-\\w+-${document.id}\\.xml"$`));
    expect(await download.text()).toBe(document.messageContent);
    // The viewer's text: the same message, one element a line and indented.
    const formatted = (await call(formattedLoader, PROVIDER, `/transactions/documents/${document.id}/formatted`, {
      documentId: String(document.id),
    })) as Response;
    expect(formatted.status).toBe(200);
    expect(formatted.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await formatted.text();
    expect(text.split("\n").length).toBeGreaterThan(2);
    expect(text).toMatch(/\n {2}<\w/);
    expect(text.replace(/\n\s*/g, "")).toBe(document.messageContent);
    const documentPage = (await call(documentLoader, PROVIDER, `/transactions/documents/${document.id}`, {
      documentId: String(document.id),
    })) as DocumentViewData;
    expect(documentPage.content).toBe(text);

    const attachment = await db()
      .selectFrom("quoteAttachments as a")
      .innerJoin("quotes as q", "q.quoteId", "a.quoteId")
      .select(["a.id", "a.quoteId", "a.fileName", "a.fileType"])
      .where("q.providerId", "=", DEMO_PROVIDER_ID)
      .where("a.fileType", "=", "pdf")
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const params = { id: String(attachment.quoteId), attachmentId: String(attachment.id) };
    const path = `/transactions/quotes/${attachment.quoteId}/attachments/${attachment.id}`;
    const inline = (await call(attachmentLoader, PROVIDER, path, params)) as Response;
    expect(inline.status).toBe(200);
    expect(inline.headers.get("Content-Type")).toBe("application/pdf");
    expect(inline.headers.get("Content-Disposition")).toBe(`inline; filename="${attachment.fileName}"`);
    expect(
      Buffer.from(await inline.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const saved = (await call(attachmentLoader, PROVIDER, `${path}?download=1`, params)) as Response;
    expect(saved.headers.get("Content-Disposition")).toBe(`attachment; filename="${attachment.fileName}"`);
    await saved.body?.cancel();
  });
});
