import { drillThroughHref } from "~/grid/drill-through";
import type { Period } from "./periods";
import { DASHBOARD_TIME_ZONE } from "./periods";
import type { CardNarrowing } from "./scope";

/**
 * The grid addresses behind a card's numbers (decision 0045): the transactions grid with the
 * card's providers (every selectable one named, for all providers: decision 0064), shops, period (days read in America/Chicago through the grid's `tz`), statuses,
 * function, make and provider scan type, test shops left out, so the grid's total equals the number on the card.
 */
export interface RowsOfPeriod {
  /** The provider chosen, or every provider one can choose (the transactions grid's "none" is every provider). */
  providers: readonly number[];
  shops: readonly number[];
  period: Period;
  /** Today in America/Chicago: a period in progress ends today (the grid shows nothing later). */
  today: string;
  statuses?: readonly string[];
  scanType?: string;
  /** The card's own make and provider scan type. */
  narrowing?: CardNarrowing;
}

export function transactionsHref(rows: RowsOfPeriod): string {
  const params = new URLSearchParams();
  for (const provider of rows.providers) params.append("provider", String(provider));
  for (const shop of rows.shops) params.append("shop", String(shop));
  params.set("isTest", "N");
  for (const status of rows.statuses ?? []) params.append("status", status.toLowerCase());
  if (rows.scanType) params.set("scanType", rows.scanType);
  if (rows.narrowing?.make) params.set("make", rows.narrowing.make);
  if (rows.narrowing?.providerScanType) params.set("providerScanType", rows.narrowing.providerScanType);
  params.set("from", rows.period.from);
  params.set("to", rows.period.to < rows.today ? rows.period.to : rows.today);
  params.set("tz", DASHBOARD_TIME_ZONE);
  return drillThroughHref("/transactions", params);
}
