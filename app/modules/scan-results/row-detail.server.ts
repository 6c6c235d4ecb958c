import type { ProviderScope } from "~/auth/provider-scope.server";
import { parseRecordId } from "~/lib/record-id";
import { findInvoiceLines, findWorkflowDocuments } from "~/modules/transaction-detail/related-rows.server";
import { findScanRequestRecord } from "~/modules/transaction-detail/scan-request-record.server";
import { invoiceDetails, transactionDetails, workflowDocumentViews } from "~/modules/transaction-detail/views.server";
import { loadReports } from "~/modules/transaction-results/reports.server";
import { loadViewResults } from "~/modules/transaction-results/view-results.server";
import type { ScanResultRowDetail } from "./row-detail";

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

export interface RowDetailContext {
  scope: ProviderScope;
  timeZone: string;
  /** The table's URL with the row expanded (path and query). */
  back: string;
  /** The special function whose info View Results renders open. */
  openFunction: string | null;
}

/**
 * The sections of one expanded row (its id is the scan request id), or null when there is no such
 * request, it has no scan response (so it is no row of this table), or the user may not see it.
 */
export async function findScanResultRowDetail(rowId: string, context: RowDetailContext): Promise<ScanResultRowDetail | null> {
  const id = parseRecordId(rowId);
  if (id === null) return null;
  const request = await findScanRequestRecord(id, context.scope);
  if (!request || request.scanResponseId === null) return null;
  const { timeZone, back } = context;
  const [documents, lines, viewResults, reports] = await Promise.all([
    findWorkflowDocuments({ scanRequestId: id }),
    request.invoiceId === null ? Promise.resolve([]) : findInvoiceLines(request.invoiceId),
    loadViewResults(id, { openFunction: context.openFunction }),
    loadReports(id, timeZone),
  ]);
  const details = transactionDetails(request, documents, timeZone, back);
  const invoice = invoiceDetails(request, lines, documents, timeZone, back);
  return {
    scanRequestId: request.scanRequestId,
    scanResponseId: request.scanResponseId,
    providerName: request.providerName,
    shopName: text(request.shopName ?? request.custName),
    year: text(request.year),
    make: text(request.make),
    model: text(request.model),
    vin: text(request.vin),
    transactionDetails: { service: details.service, status: details.status },
    viewResults,
    invoice: { information: invoice.information, lines: invoice.lines },
    documents: workflowDocumentViews(documents, timeZone, back),
    reports,
    back,
  };
}
