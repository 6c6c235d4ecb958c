import { invoiceAnswerText, readInvoiceAnswer } from "~/integrations/cccone/answers";
import { formatInstant } from "~/lib/date-format";
import { formatDuration } from "~/lib/duration";
import { log } from "~/lib/logger.server";
import { formatMoney } from "~/lib/money";
import { displayLicense } from "~/modules/transactions/cells";
import { fullAddress } from "~/modules/transactions/row-detail";
import { attachmentHref } from "./attachment-links";
import { documentDownloadHref, documentHref } from "./document-links";
import { displayInvoiceId, formatPhone, invoiceLinesToShow, isPdfReportSaved, orNotAvailable } from "./formatting";
import { impactCircles, parseImpactCodes } from "./impact-circles";
import type { findInvoiceLines, findQuoteAttachments, findQuoteServiceLines, WorkflowDocumentRow } from "./related-rows.server";
import type { QuoteRecord, ScanRequestRecord } from "./scan-request-record.server";
import type {
  DetailHeaderView,
  InvoiceDetailsData,
  LabelledValue,
  QuoteDetailsData,
  QuoteItemView,
  ServiceSummaryView,
  TransactionDetailsData,
  WorkflowDocumentView,
} from "./view-models";

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

type ShopColumns = Pick<ScanRequestRecord, "custName" | "primaryEmail" | "tlcmAreaCd" | "tlcmNum" | "addrLine1" | "city" | "stateCd" | "zip">;

function shopParts(shop: ShopColumns) {
  return {
    address: fullAddress({ address: text(shop.addrLine1), city: text(shop.city), stateCode: text(shop.stateCd), zipCode: text(shop.zip) }),
    phone: formatPhone(shop.tlcmAreaCd, shop.tlcmNum),
    email: text(shop.primaryEmail),
  };
}

/** The header of a transaction or service view. */
export function requestHeader(request: ScanRequestRecord): DetailHeaderView {
  return {
    vin: text(request.vin),
    year: text(request.year),
    make: text(request.make),
    model: text(request.model),
    bodyStyle: orNotAvailable(request.bodyStyle),
    engine: orNotAvailable(request.engine),
    shopName: text(request.shopName ?? request.custName),
    ...shopParts(request),
    licenseNumber: displayLicense(request.licenseNo),
    shopId: text(request.shopId),
    provider: request.providerName,
    circles: impactCircles(parseImpactCodes(request.primaryImpactCd), parseImpactCodes(request.secondaryImpactCd)),
  };
}

/** The header of a quote view: the quote's own vehicle and shop, body style, engine and impacts from its scan request when linked. */
export function quoteHeader(quote: QuoteRecord, request: ScanRequestRecord | null): DetailHeaderView {
  return {
    vin: text(quote.vin),
    year: text(quote.year),
    make: text(quote.make),
    model: text(quote.model),
    bodyStyle: orNotAvailable(request?.bodyStyle),
    engine: orNotAvailable(request?.engine),
    shopName: text(quote.shopName ?? quote.custName),
    ...shopParts(quote),
    licenseNumber: displayLicense(quote.licenseNumber),
    shopId: text(quote.shopId),
    provider: quote.providerName,
    circles: impactCircles(parseImpactCodes(request?.primaryImpactCd), parseImpactCodes(request?.secondaryImpactCd)),
  };
}

export function quoteItemsOf(lines: Awaited<ReturnType<typeof findQuoteServiceLines>>): QuoteItemView[] {
  return lines.map((line) => ({
    category: text(line.category),
    system: text(line.system),
    retailPrice: formatMoney(line.retailPrice),
    shopCost: formatMoney(line.shopCost),
  }));
}

/** The Service Summary side card. */
export function serviceSummary(request: ScanRequestRecord | null, quote: QuoteRecord | null, quoteItems: QuoteItemView[] | null): ServiceSummaryView {
  const net = request?.invoiceNetPrice ?? null;
  const tax = request?.invoiceTaxPrice ?? null;
  const invoiceTotal =
    request && request.invoiceId !== null && net !== null
      ? { net: formatMoney(net), tax: formatMoney(tax ?? 0), total: formatMoney(Math.round((net + (tax ?? 0)) * 100) / 100) }
      : null;
  return {
    processStatus: orNotAvailable(request?.status ?? quote?.status),
    invoiceStatus: orNotAvailable(request?.invoiceStatus),
    type: orNotAvailable(request?.type),
    quoteItems,
    invoiceTotal,
  };
}

export function workflowDocumentViews(rows: readonly WorkflowDocumentRow[], timeZone: string, back: string): WorkflowDocumentView[] {
  return rows.map((row) => ({
    id: row.id,
    timestamp: formatInstant(row.createdTimestamp, timeZone, "table"),
    direction: row.messageDirection,
    transactionType: row.transactionType,
    messageType: row.messageType,
    href: documentHref(row.id, back),
    downloadHref: documentDownloadHref(row.id),
  }));
}

const isInvoiceDocument = (row: WorkflowDocumentRow) => row.transactionType === "INVOICE";

/** Transaction Details: Service Information, Status and the workflow log without the INVOICE documents. */
export function transactionDetails(
  request: ScanRequestRecord,
  documents: readonly WorkflowDocumentRow[],
  timeZone: string,
  back: string,
): TransactionDetailsData {
  const at = (iso: string | null) => formatInstant(iso, timeZone, "detail");
  const service: LabelledValue[] = [
    { label: "Request ID", value: text(request.scanRequestId) },
    { label: "Service UID", value: text(request.serviceUid) },
    { label: "Scan Type", value: text(request.scanType) },
    { label: "Scan Phase", value: text(request.scanPhase) },
    { label: "Scan Start Timestamp", value: at(request.scanStartTimeStamp) },
    { label: "Scan End Timestamp", value: at(request.scanEndTimeStamp) },
    { label: "Shop User", value: text(request.createdUserId) },
    { label: "Response ID", value: text(request.scanResponseId) },
    { label: "Response Timestamp", value: at(request.scanResultReceivedTimestamp) },
    { label: "Response Wait Time", value: formatDuration(request.responseWaitTime) },
  ];
  const reportDocument = [...documents].reverse().find((row) => row.transactionType === "DIAGNOSTIC_REPORT" && row.messageType === "response");
  const documentViewHref = isPdfReportSaved(request.ccconeResponse) && reportDocument ? documentHref(reportDocument.id, back) : null;
  return {
    service,
    status: {
      ccconeStatus: text(request.ccconeResponseStatus),
      ccconeResponse: text(request.ccconeResponse),
      documentHref: documentViewHref,
      retryCount: text(request.retryCount ?? 0),
      providerStatus: text(request.providerStatus ?? request.providerScanStatus),
      comments: text(request.comments),
    },
    logs: workflowDocumentViews(
      documents.filter((row) => !isInvoiceDocument(row)),
      timeZone,
      back,
    ),
  };
}

/** The CCC invoice response's message, read from the accept or reject result; anything else is only logged. */
export function cccInvoiceResponse(invoiceId: string, response: string | null): string {
  if (!response) return "";
  const answer = readInvoiceAnswer(response);
  if (answer) return invoiceAnswerText(answer);
  log.warn("The CCC ONE invoice response could not be read", { invoiceId });
  return "";
}

/** Invoice Details: Invoice Information, the lines (or one synthetic line) in USD, and the INVOICE documents. */
export function invoiceDetails(
  request: ScanRequestRecord,
  lines: Awaited<ReturnType<typeof findInvoiceLines>>,
  documents: readonly WorkflowDocumentRow[],
  timeZone: string,
  back: string,
): InvoiceDetailsData {
  const logs = workflowDocumentViews(documents.filter(isInvoiceDocument), timeZone, back);
  if (request.invoiceId === null) return { information: null, lines: [], logs };
  const shown = invoiceLinesToShow(lines, { listPrice: request.invoiceListPrice, netPrice: request.invoiceNetPrice, serviceUid: request.serviceUid });
  return {
    information: {
      invoiceId: displayInvoiceId(request.invoiceId),
      deliveryDate: formatInstant(request.invoiceCreatedDateTime, timeZone, "detail"),
      status: text(request.invoiceRecordStatus),
      cccResponse: cccInvoiceResponse(request.invoiceId, request.invoiceResponse),
      retryCount: text(request.invoiceRetryCount ?? 0),
    },
    lines: shown.map((line) => ({
      lineNo: text(line.lineNo),
      serviceUid: text(line.serviceUid),
      type: text(line.type),
      description: text(line.description),
      listPrice: formatMoney(line.listPrice),
      netPrice: formatMoney(line.netPrice),
    })),
    logs,
  };
}

/** Quote Details: Quote Information, Service Line Details, Attachments and the quote's workflow documents. */
export function quoteDetails(
  quote: QuoteRecord,
  lines: Awaited<ReturnType<typeof findQuoteServiceLines>>,
  attachments: Awaited<ReturnType<typeof findQuoteAttachments>>,
  documents: readonly WorkflowDocumentRow[],
  timeZone: string,
  back: string,
): QuoteDetailsData {
  return {
    information: [
      { label: "Request ID", value: text(quote.scanRequestId) },
      { label: "Registration Key", value: text(quote.providerRegistrationKey) },
      { label: "Insurance Company Name", value: text(quote.insuranceCompanyNm) },
      { label: "Insurance Company Code", value: text(quote.insuranceCompanyCd) },
      { label: "Status", value: text(quote.status) },
      { label: "Document ID", value: text(quote.documentId) },
      { label: "Repair Order Number", value: text(quote.repairOrderNumber) },
      { label: "Workfile ID", value: text(quote.workfileId) },
    ],
    services: lines.map((line) => ({
      id: line.id,
      system: text(line.system),
      subsystem: text(line.subsystem),
      location: text(line.location),
      capable: line.capable === 1 ? "Yes" : "No",
      type: text(line.type),
      category: text(line.category),
      serviceUid: text(line.serviceUid),
      cccProcedureId: text(line.cccProcedureId),
      cccProcedureDesc: text(line.cccProcedureDesc),
      retailPrice: formatMoney(line.retailPrice),
      shopCost: formatMoney(line.shopCost),
    })),
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      type: text(attachment.type),
      fileType: text(attachment.fileType),
      fileName: attachment.fileName,
      viewHref: attachmentHref(quote.quoteId, attachment.id),
      downloadHref: attachmentHref(quote.quoteId, attachment.id, true),
    })),
    logs: workflowDocumentViews(documents, timeZone, back),
  };
}
