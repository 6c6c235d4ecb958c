import { loadReports } from "~/modules/transaction-results/reports.server";
import { loadViewResults } from "~/modules/transaction-results/view-results.server";
import type { DetailKind } from "./detail-kinds";
import { findInvoiceLines, findQuoteAttachments, findQuoteServiceLines, findWorkflowDocuments } from "./related-rows.server";
import type { QuoteRecord, ScanRequestRecord } from "./scan-request-record.server";
import {
  INVOICE_DETAILS_TAB,
  isQuoteDetailsVisible,
  OPEN_FUNCTION_PARAM,
  QUOTE_DETAILS_TAB,
  REPORTS_TAB,
  TRANSACTION_DETAILS_TAB,
  VIEW_RESULTS_TAB,
  type DetailTabEntry,
} from "./tabs";
import type { ActiveTab } from "./view-models";
import { invoiceDetails, quoteDetails, transactionDetails } from "./views.server";

/** What every tab's server piece is given: the view's records (already checked for access) and the user's settings. */
export interface DetailContext {
  kind: DetailKind;
  timeZone: string;
  /** The view's own URL (path and query): the document viewer's Back. */
  self: string;
  /** The view's query (the open special function of View Results, ?sf=). */
  searchParams: URLSearchParams;
  /** The scan request (for a quote view, the one linked to the quote, if any). */
  request: ScanRequestRecord | null;
  /** The quote (for a transaction or service view, the request's quote when the user may use quotes). */
  quote: QuoteRecord | null;
  quoteDetailsPageButton: boolean;
  quoteArea: boolean;
}

/** One left tab: its entry (id, label, sub-tabs), whether it shows here, and the data of its panel. */
export interface DetailTab {
  entry: DetailTabEntry;
  visible(context: DetailContext): boolean;
  load(context: DetailContext, section: string): Promise<ActiveTab>;
}

const isRequestView = (context: DetailContext): context is DetailContext & { request: ScanRequestRecord } =>
  context.kind !== "quote" && context.request !== null;

/** The tabs in the spec's order; View Results and Reports are added between Transaction Details and Invoice Details. */
export const DETAIL_TABS: readonly DetailTab[] = [
  {
    entry: TRANSACTION_DETAILS_TAB,
    visible: isRequestView,
    async load(context, section) {
      if (!isRequestView(context)) throw new Error("Transaction Details needs a scan request");
      const documents = await findWorkflowDocuments({ scanRequestId: context.request.scanRequestId });
      return { id: "details", section, data: transactionDetails(context.request, documents, context.timeZone, context.self) };
    },
  },
  {
    entry: VIEW_RESULTS_TAB,
    visible: isRequestView,
    async load(context, section) {
      if (!isRequestView(context)) throw new Error("View Results needs a scan request");
      const data = await loadViewResults(context.request.scanRequestId, { openFunction: context.searchParams.get(OPEN_FUNCTION_PARAM) });
      return { id: "results", section, data, backTo: context.self };
    },
  },
  {
    entry: REPORTS_TAB,
    visible: isRequestView,
    async load(context, section) {
      if (!isRequestView(context)) throw new Error("Reports needs a scan request");
      const data = await loadReports(context.request.scanRequestId, context.timeZone);
      return { id: "reports", section, data, backTo: context.self };
    },
  },
  {
    entry: INVOICE_DETAILS_TAB,
    visible: isRequestView,
    async load(context, section) {
      if (!isRequestView(context)) throw new Error("Invoice Details needs a scan request");
      const { request } = context;
      const [lines, documents] = await Promise.all([
        request.invoiceId === null ? Promise.resolve([]) : findInvoiceLines(request.invoiceId),
        findWorkflowDocuments({ scanRequestId: request.scanRequestId }),
      ]);
      return { id: "invoice", section, data: invoiceDetails(request, lines, documents, context.timeZone, context.self) };
    },
  },
  {
    entry: QUOTE_DETAILS_TAB,
    visible: (context) =>
      isQuoteDetailsVisible({
        kind: context.kind,
        quoteDetailsPageButton: context.quoteDetailsPageButton,
        hasQuote: context.quote !== null,
        quoteArea: context.quoteArea,
      }),
    async load(context, section) {
      const { quote } = context;
      if (!quote) throw new Error("Quote Details needs a quote");
      const [lines, attachments, documents] = await Promise.all([
        findQuoteServiceLines(quote.quoteId),
        findQuoteAttachments(quote.quoteId),
        findWorkflowDocuments({ quoteId: quote.quoteId }),
      ]);
      return { id: "quote", section, data: quoteDetails(quote, lines, attachments, documents, context.timeZone, context.self) };
    },
  },
];
