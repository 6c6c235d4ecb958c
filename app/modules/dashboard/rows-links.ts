import { linkIntoGrid } from "~/grid/link-into-grid";
import { transactionsGrid } from "~/modules/transactions/grid";
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
  return linkIntoGrid(
    transactionsGrid,
    {
      filters: {
        provider: rows.providers,
        shop: rows.shops,
        isTest: "N",
        status: rows.statuses?.map((status) => status.toLowerCase()),
        scanType: rows.scanType,
        make: rows.narrowing?.make,
        providerScanType: rows.narrowing?.providerScanType,
      },
      days: { from: rows.period.from, to: rows.period.to < rows.today ? rows.period.to : rows.today, zone: DASHBOARD_TIME_ZONE },
      drillThrough: true,
    },
    rows.today,
  );
}
