import type { PageTab } from "~/lib/page-tab";

/**
 * The tabs of the transactions page (spec §2): Transaction, Service and, when offered, Quote; then
 * Scan Results for the users who may open it (the spec gives it a route but no place in the menus).
 */
export type TransactionTab = PageTab;

export const TRANSACTION_TABS = {
  transactions: { label: "Transaction", to: "/transactions" },
  services: { label: "Service", to: "/transactions/services" },
  quotes: { label: "Quote", to: "/transactions/quotes" },
  scanResults: { label: "Scan Results", to: "/transactions/scanResults" },
} as const satisfies Record<string, TransactionTab>;

export function transactionTabs(quoteOffered: boolean, scanResultsAllowed: boolean): TransactionTab[] {
  const tabs: TransactionTab[] = [TRANSACTION_TABS.transactions, TRANSACTION_TABS.services];
  if (quoteOffered) tabs.push(TRANSACTION_TABS.quotes);
  if (scanResultsAllowed) tabs.push(TRANSACTION_TABS.scanResults);
  return tabs;
}
