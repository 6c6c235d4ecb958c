/** The tabs of the transactions page (spec §2): Transaction, Service and, when offered, Quote. */
export interface TransactionTab {
  label: string;
  to: string;
}

export const TRANSACTION_TABS = {
  transactions: { label: "Transaction", to: "/transactions" },
  services: { label: "Service", to: "/transactions/services" },
  quotes: { label: "Quote", to: "/transactions/quotes" },
} as const satisfies Record<string, TransactionTab>;

export function transactionTabs(quoteOffered: boolean): TransactionTab[] {
  const tabs: TransactionTab[] = [TRANSACTION_TABS.transactions, TRANSACTION_TABS.services];
  if (quoteOffered) tabs.push(TRANSACTION_TABS.quotes);
  return tabs;
}
