import type { ProcessStatus } from "~/modules/transactions/vocabulary";
import type { Random } from "../random";
import type { SeedFiles } from "../seed-files";
import type { RowSink } from "../store/sink";
import type { Timeline } from "../timeline";
import { DocumentWriter } from "./documents";
import { buildInvoice, invoiceRequestMessage, writeInvoice } from "./invoices";
import { cccOneReportResponse, cccOneResponseText, diagnosticReportMessage, scanRequestAcknowledgement, scanRequestMessage } from "./messages";
import type { RequestPlan } from "./plan";
import { QuoteWriter } from "./quotes";
import { ReportWriter } from "./reports";
import { buildScanResult } from "./scan-result";

const CCC_ONE_ERRORS = [
  "ERROR 4012: Workfile not found for the repair order",
  "ERROR 4221: Estimate is locked by another user",
  "ERROR 5003: CCC ONE service unavailable, retry scheduled",
] as const;

const REJECTIONS: Partial<Record<ProcessStatus, string>> = {
  "FAILED (Validation Error)": "Validation failed: repair order number does not match the estimate",
  "FAILED (Request Error)": "Provider endpoint returned HTTP 500",
  "FAILED (Rqst. Timeout)": "Provider did not acknowledge the request within 60 seconds",
};

const COMMENTS: Partial<Record<ProcessStatus, readonly string[]>> = {
  COMPLETED: ["Scan completed, report attached.", "Codes cleared after repair verification.", "Technician recommends calibration after alignment."],
  CANCELLED: ["Cancelled by the shop.", "Duplicate request cancelled."],
  FAILED: ["Vehicle battery voltage too low to complete the scan.", "Lost connection to the vehicle interface."],
  "FAILED (Provider Failure)": ["Provider system error during the scan.", "No technician available, request failed."],
  "FAILED (Resp. Timeout)": ["No result received within 30 minutes."],
};

/** Writes every row of one scan request: request, details, response, documents, invoice, quote, reports. */
export class RequestWriter {
  private nextResponseId = 1;
  private nextInvoiceLineId = 1;
  readonly documents: DocumentWriter;
  private readonly quotes: QuoteWriter;
  private readonly reports: ReportWriter;

  /** Whether the request being written gets its documents and reports (false for a lean seed's older requests). */
  private detailed = true;

  constructor(
    private readonly sink: RowSink,
    files: SeedFiles,
    private readonly timeline: Timeline,
  ) {
    this.documents = new DocumentWriter(sink, timeline);
    this.quotes = new QuoteWriter(sink, files, timeline, (quoteId, atMs, direction, messageType, content, appId) =>
      this.document({ quoteId }, "QUOTE", messageType, direction, atMs, () => content, appId),
    );
    this.reports = new ReportWriter(sink, files, timeline);
  }

  /**
   * A message document of a detailed request. Its time is drawn by the caller either way, so a lean
   * seed's other values (dates, statuses, quotes) are the full seed's; its content is built only
   * when written.
   */
  private document(
    owner: { scanRequestId: number } | { quoteId: number },
    transactionType: Parameters<DocumentWriter["add"]>[1],
    messageType: Parameters<DocumentWriter["add"]>[2],
    direction: Parameters<DocumentWriter["add"]>[3],
    atMs: number,
    content: () => string,
    appId: string,
  ): void {
    if (this.detailed) this.documents.add(owner, transactionType, messageType, direction, atMs, content(), appId);
  }

  /** detailed: with its message documents and reports (a lean seed leaves them out of older requests). */
  write(random: Random, plan: RequestPlan, detailed = true): void {
    this.detailed = detailed;
    const { vehicle, shop, provider } = plan;
    const responseId = plan.hasResponse ? this.nextResponseId++ : null;
    const quoteId = plan.wantsQuote ? this.quotes.peekId() : null;

    this.sink.add("scanRequests", {
      scanRequestId: plan.id,
      scanResponseId: responseId,
      masterId: plan.masterId,
      providerId: provider.providerId,
      providerScanStatus: providerScanStatus(plan.status),
      shopId: shop.shopId,
      shopName: shop.name,
      licenseNo: shop.licenseNum,
      repairOrderNo: plan.repairOrderNo,
      vin: vehicle.vin,
      year: vehicle.year,
      make: vehicle.make.code,
      model: vehicle.model.name,
      bodyStyle: vehicle.model.bodyStyle,
      engine: vehicle.engine,
      scanType: plan.scanType,
      scanPhase: plan.scanPhase,
      status: plan.status,
      invoiceStatus: plan.invoiceStatus,
      quoteId,
      serviceUid: plan.serviceUid,
      providerScanType: plan.providerScanType,
      providerServiceName: plan.providerServiceName,
      type: plan.type,
      clientType: plan.clientType,
      isBillable: plan.isBillable ? 1 : 0,
      createdDateTime: this.timeline.iso(plan.createdMs),
      lastModifiedDateTime: this.timeline.iso(plan.lastModifiedMs),
    });

    const appId = shop.appId;
    const rejection = REJECTIONS[plan.status] ?? null;
    this.document({ scanRequestId: plan.id }, "SCAN_REQUEST", "request", "INBOUND", plan.createdMs, () => scanRequestMessage(plan), appId);
    this.document(
      { scanRequestId: plan.id },
      "SCAN_REQUEST",
      "response",
      "OUTBOUND",
      plan.createdMs + random.int(1, 4) * 1000,
      () => scanRequestAcknowledgement(plan, rejection),
      appId,
    );

    let ccconeResponse: string | null = null;
    let ccconeResponseStatus: string | null = null;
    let reportRetries = 0;
    if (responseId !== null && plan.resultReceivedMs !== null) {
      const receivedMs = plan.resultReceivedMs;
      const result = buildScanResult(random, plan, this.timeline.iso(plan.scanEndMs ?? receivedMs));
      const cccOneRef = `CCC1-${random.digits(9)}`;
      const cccError = plan.status === "COMPLETED (CCCONE Error)";
      reportRetries = cccError ? random.int(1, 3) : random.chance(0.04) ? 1 : 0;
      const saved = !cccError && (plan.showcaseSlot !== null || random.chance(0.92));
      const responseText = cccError ? random.pick(CCC_ONE_ERRORS) : cccOneResponseText(plan, cccOneRef, saved);
      ccconeResponse = responseText;
      ccconeResponseStatus = cccError ? "ERROR" : "SUCCESS";
      const postedMs = receivedMs + random.int(2, 30) * 1000;
      this.document(
        { scanRequestId: plan.id },
        "DIAGNOSTIC_REPORT",
        "request",
        "OUTBOUND",
        postedMs,
        () => diagnosticReportMessage(plan, result, cccOneRef),
        "DIP-REPORT-SERVICE",
      );
      this.document(
        { scanRequestId: plan.id },
        "DIAGNOSTIC_REPORT",
        "response",
        "INBOUND",
        postedMs + random.int(1, 20) * 1000,
        () => cccOneReportResponse(plan, !cccError, responseText),
        "DIP-REPORT-SERVICE",
      );

      const invoice = plan.invoiceStatus !== null && plan.invoiceMs !== null ? buildInvoice(random, plan, plan.invoiceStatus) : null;
      this.sink.add("scanResponses", {
        scanResponseId: responseId,
        scanRequestId: plan.id,
        providerResponseId: `${provider.code}-R${random.digits(8)}`,
        cccLicenseNumber: shop.licenseNum,
        serialNo: plan.device,
        status: plan.status,
        vin: vehicle.vin,
        year: vehicle.year,
        make: vehicle.make.code,
        model: vehicle.model.name,
        providerId: provider.providerId,
        shopId: shop.shopId,
        scanType: plan.scanType,
        scanPhase: plan.scanPhase,
        invoiceStatus: plan.invoiceStatus,
        createdDateTime: this.timeline.iso(receivedMs),
        lastModifiedDateTime: this.timeline.iso(plan.lastModifiedMs),
        diagnosticReportMessageRetryCount: reportRetries,
        invoiceMessageRetryCount: invoice?.retryCount ?? 0,
        cccOneRef,
        scanResultDetails: JSON.stringify(result),
        primaryImpactCd: JSON.stringify(result.primaryImpactCd),
        secondaryImpactCd: JSON.stringify(result.secondaryImpactCd),
      });
      if (invoice && plan.invoiceMs !== null) {
        writeInvoice(this.sink, plan, invoice, this.timeline.iso(plan.invoiceMs), () => this.nextInvoiceLineId++);
        this.document(
          { scanRequestId: plan.id },
          "INVOICE",
          "request",
          "OUTBOUND",
          plan.invoiceMs,
          () => invoiceRequestMessage(plan, invoice),
          "DIP-INVOICE-SERVICE",
        );
        if (invoice.response) {
          this.document(
            { scanRequestId: plan.id },
            "INVOICE",
            "response",
            "INBOUND",
            plan.invoiceMs + random.int(1, 10) * 1000,
            () => invoice.response ?? "",
            "DIP-INVOICE-SERVICE",
          );
        }
      }
      this.reports.write(random, plan, result, cccOneRef, receivedMs + random.int(1, 10) * 1000, detailed);
    }

    const comments = COMMENTS[plan.status];
    this.sink.add("scanRequestDetails", {
      scanRequestId: plan.id,
      providerType: provider.type,
      scanStartTimeStamp: plan.scanStartMs === null ? null : this.timeline.iso(plan.scanStartMs),
      scanEndTimeStamp: plan.scanEndMs === null ? null : this.timeline.iso(plan.scanEndMs),
      createdUserId: plan.technician,
      device: plan.device,
      appId,
      scanResultReceivedTimestamp: plan.resultReceivedMs === null ? null : this.timeline.iso(plan.resultReceivedMs),
      responseWaitTime: plan.responseWaitMs,
      providerStatus: providerScanStatus(plan.status),
      ccconeResponse,
      ccconeResponseStatus,
      comments: comments && random.chance(plan.status === "COMPLETED" ? 0.25 : 0.8) ? random.pick(comments) : null,
      retryCount: reportRetries,
    });

    if (quoteId !== null) this.quotes.write(random, plan, true, (plan.resultReceivedMs ?? plan.createdMs) + random.int(30, 600) * 60_000);
    // Quotes that never led to a scan request.
    if (plan.showcaseSlot === null && random.chance(0.015)) this.quotes.write(random, plan, false, plan.createdMs + random.int(1, 48) * 3_600_000);
  }
}

/** The status code the provider reported (PROVIDER_SCAN_STATUS_OPTIONS) for a process status. */
export function providerScanStatus(status: ProcessStatus): string {
  switch (status) {
    case "COMPLETED":
    case "COMPLETED (CCCONE Error)":
      return "COMPLETED";
    case "SUBMITTED":
      return "ACCEPTED";
    case "IN PROGRESS":
      return "IN_PROGRESS";
    case "CANCELLED":
      return "CANCELLED";
    case "FAILED (Validation Error)":
    case "FAILED (Request Error)":
      return "REJECTED";
    default:
      return "FAILED";
  }
}
