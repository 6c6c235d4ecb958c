import type { DetailKind } from "./detail-kinds";

/**
 * The left vertical tabs of a detail view and their sub-tabs, addressed in the URL as
 * ?tab=<id>&section=<id> so they are plain links. A tab is one entry of DETAIL_TAB_ENTRIES (in the
 * spec's order); its server piece (visible, load) is in tab-loaders.server.ts and its panel in
 * app/components/transaction-detail/tab-panel.tsx. Safe to import in the browser.
 */
export const TAB_PARAM = "tab";
export const SECTION_PARAM = "section";
/** View Results: the special function whose info panel is open (?sf=<scriptNumber>). */
export const OPEN_FUNCTION_PARAM = "sf";

export interface DetailSection {
  id: string;
  label: string;
}

export interface DetailTabEntry {
  id: string;
  label: string;
  sections: readonly DetailSection[];
}

export const TRANSACTION_DETAILS_TAB = {
  id: "details",
  label: "Transaction Details",
  sections: [
    { id: "service", label: "Service Information" },
    { id: "status", label: "Status" },
    { id: "logs", label: "Workflow Logs" },
  ],
} as const satisfies DetailTabEntry;

/** The sections that hold a single resend: Status ('Resend Results') and Invoice Information ('Resend Invoice'). */
export function showsResend(tabId: string, sectionId: string): boolean {
  return (tabId === "details" && sectionId === "status") || (tabId === "invoice" && sectionId === "information");
}

export const VIEW_RESULTS_TAB = {
  id: "results",
  label: "View Results",
  sections: [{ id: "results", label: "View Results" }],
} as const satisfies DetailTabEntry;

export const REPORTS_TAB = {
  id: "reports",
  label: "Reports",
  sections: [{ id: "reports", label: "Reports" }],
} as const satisfies DetailTabEntry;

export const INVOICE_DETAILS_TAB = {
  id: "invoice",
  label: "Invoice Details",
  sections: [
    { id: "information", label: "Invoice Information" },
    { id: "lines", label: "Invoice Line Details" },
    { id: "logs", label: "Workflow Logs" },
  ],
} as const satisfies DetailTabEntry;

export const QUOTE_DETAILS_TAB = {
  id: "quote",
  label: "Quote Details",
  sections: [
    { id: "information", label: "Quote Information" },
    { id: "services", label: "Service Line Details" },
    { id: "attachments", label: "Attachments" },
    { id: "logs", label: "Workflow Logs" },
  ],
} as const satisfies DetailTabEntry;

/** In the spec's order. */
export const DETAIL_TAB_ENTRIES: readonly DetailTabEntry[] = [TRANSACTION_DETAILS_TAB, VIEW_RESULTS_TAB, REPORTS_TAB, INVOICE_DETAILS_TAB, QUOTE_DETAILS_TAB];

export interface TabVisibilityInput {
  kind: DetailKind;
  /** The quoteDetailsPageButton setting. */
  quoteDetailsPageButton: boolean;
  /** The scan request has a quote (the quote route always has one). */
  hasQuote: boolean;
  /** The user may use the quote area (decision 0009). */
  quoteArea: boolean;
}

/**
 * Quote Details shows only when quoteDetailsPageButton is on and a quote id exists or the view came
 * from the quote grid; from the quote grid it is the only tab (spec §2).
 */
export function isQuoteDetailsVisible(input: TabVisibilityInput): boolean {
  return input.quoteDetailsPageButton && input.quoteArea && (input.kind === "quote" || input.hasQuote);
}

export interface TabSelection {
  tab: DetailTabEntry;
  section: DetailSection;
  /** The URL asked for a tab or section that does not exist or is not shown here. */
  corrected: boolean;
}

/** The tab and section a URL asks for among the visible tabs; a missing one is the first, an unknown one is corrected to it. */
export function selectTab(visible: readonly DetailTabEntry[], params: URLSearchParams): TabSelection | null {
  if (visible.length === 0) return null;
  const askedTab = params.get(TAB_PARAM);
  const askedSection = params.get(SECTION_PARAM);
  const tab = visible.find((entry) => entry.id === askedTab);
  if (!tab) return { tab: visible[0], section: visible[0].sections[0], corrected: askedTab !== null || askedSection !== null };
  const section = tab.sections.find((entry) => entry.id === askedSection);
  if (!section) return { tab, section: tab.sections[0], corrected: askedSection !== null };
  return { tab, section, corrected: false };
}

/** A link to a tab and section of the current view, keeping its other parameters (the grid to go back to). */
export function tabHref(search: string, tab: string, section: string): string {
  const params = new URLSearchParams(search);
  // The open special function belongs to the View Results tab as it was.
  params.delete(OPEN_FUNCTION_PARAM);
  params.set(TAB_PARAM, tab);
  params.set(SECTION_PARAM, section);
  return `?${params.toString()}`;
}
