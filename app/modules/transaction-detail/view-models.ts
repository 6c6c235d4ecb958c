import type { ReportsTab } from "~/modules/transaction-results/reports";
import type { ViewResults } from "~/modules/transaction-results/view-results";
import type { DetailKind } from "./detail-kinds";
import type { ImpactCircle } from "./impact-circles";

/** What a detail view's loader sends the page: text formatted on the server. Safe to import in the browser. */

export interface LabelledValue {
  label: string;
  value: string;
}

export interface DetailHeaderView {
  vin: string;
  year: string;
  make: string;
  model: string;
  bodyStyle: string;
  engine: string;
  shopName: string;
  address: string;
  phone: string;
  email: string;
  licenseNumber: string;
  shopId: string;
  provider: string;
  circles: ImpactCircle[];
}

export interface QuoteItemView {
  category: string;
  system: string;
  retailPrice: string;
  shopCost: string;
}

export interface ServiceSummaryView {
  processStatus: string;
  invoiceStatus: string;
  type: string;
  /** Null when the quoteItemsInSummary setting is off. */
  quoteItems: QuoteItemView[] | null;
  invoiceTotal: { net: string; tax: string; total: string } | null;
}

export interface WorkflowDocumentView {
  id: number;
  timestamp: string;
  direction: string;
  transactionType: string;
  messageType: string;
  /** The document viewer's page (without JavaScript; with it, a dialog shows the same). */
  href: string;
  /** The stored message as a file. */
  downloadHref: string;
}

export interface StatusView {
  ccconeStatus: string;
  ccconeResponse: string;
  /** The CCC ONE document, shown only when the response says the PDF was saved. */
  documentHref: string | null;
  retryCount: string;
  providerStatus: string;
  comments: string;
}

export interface TransactionDetailsData {
  service: LabelledValue[];
  status: StatusView;
  logs: WorkflowDocumentView[];
}

export interface InvoiceInformationView {
  invoiceId: string;
  deliveryDate: string;
  status: string;
  cccResponse: string;
  retryCount: string;
}

export interface InvoiceLineView {
  lineNo: string;
  serviceUid: string;
  type: string;
  description: string;
  listPrice: string;
  netPrice: string;
}

export interface InvoiceDetailsData {
  /** Null when the transaction has no invoice. */
  information: InvoiceInformationView | null;
  lines: InvoiceLineView[];
  logs: WorkflowDocumentView[];
}

export interface QuoteServiceLineView {
  id: number;
  system: string;
  subsystem: string;
  location: string;
  capable: string;
  type: string;
  category: string;
  serviceUid: string;
  cccProcedureId: string;
  cccProcedureDesc: string;
  retailPrice: string;
  shopCost: string;
}

export interface QuoteAttachmentView {
  id: number;
  type: string;
  fileType: string;
  fileName: string;
  viewHref: string;
  downloadHref: string;
}

export interface QuoteDetailsData {
  information: LabelledValue[];
  services: QuoteServiceLineView[];
  attachments: QuoteAttachmentView[];
  logs: WorkflowDocumentView[];
}

/** The active tab's data, by tab id: adding a tab adds a member here. */
export type ActiveTab =
  | { id: "details"; section: string; data: TransactionDetailsData }
  /** `backTo`: this view on the tab, where a report preview page's Back returns. */
  | { id: "results"; section: string; data: ViewResults | null; backTo: string }
  | { id: "reports"; section: string; data: ReportsTab; backTo: string }
  | { id: "invoice"; section: string; data: InvoiceDetailsData }
  | { id: "quote"; section: string; data: QuoteDetailsData };

export interface TabLink {
  id: string;
  label: string;
  href: string;
  current: boolean;
}

/** The single resends' one-time form tokens; null where the rules do not allow that resend. */
export interface DetailResendTokens {
  results: string | null;
  invoice: string | null;
}

export interface DetailPageData {
  kind: DetailKind;
  id: number;
  /** This view's path and query: where a form posted from it comes back to. */
  self: string;
  resend: DetailResendTokens;
  heading: string;
  backHref: string;
  header: DetailHeaderView;
  summary: ServiceSummaryView;
  supportContact: string;
  tabs: TabLink[];
  sections: TabLink[];
  active: ActiveTab | null;
}
