import type { InvoiceDetailsData, TransactionDetailsData, WorkflowDocumentView } from "~/modules/transaction-detail/view-models";
import type { ReportsTab } from "~/modules/transaction-results/reports";
import type { ViewResults } from "~/modules/transaction-results/view-results";

/**
 * An expanded Scan Results row (spec §2): provider, shop, vehicle, and the sections Transaction
 * Details, View Results, Invoice Details, Documents and Reports, each built by the detail view's
 * own loaders. Safe to import in the browser.
 */
export interface ScanResultRowDetail {
  scanRequestId: number;
  scanResponseId: number;
  providerName: string;
  shopName: string;
  year: string;
  make: string;
  model: string;
  vin: string;
  transactionDetails: Pick<TransactionDetailsData, "service" | "status">;
  viewResults: ViewResults | null;
  invoice: Pick<InvoiceDetailsData, "information" | "lines">;
  /** Every workflow document of the transaction, oldest first. */
  documents: WorkflowDocumentView[];
  reports: ReportsTab;
  /** The table's own URL with this row expanded: where the document viewer and report previews lead back. */
  back: string;
}
