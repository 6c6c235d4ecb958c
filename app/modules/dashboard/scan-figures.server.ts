import { periodsFitBuckets } from "./figure-buckets";
import type { PeriodScans } from "./period-scans";
import type { Period } from "./periods";
import { rawScansByPeriod } from "./scan-figures-raw.server";
import { summaryScansByPeriod } from "./scan-figures-summary.server";
import type { CardNarrowing, DashboardScope } from "./scope";

export type { PeriodScans } from "./period-scans";

/** The summary table has neither shops nor makes nor provider scan types: those scopes read the requests. */
export function summaryAnswers(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing): boolean {
  return !scope.shopIds && !narrowing.make && !narrowing.providerScanType && periodsFitBuckets(periods);
}

/**
 * The scope's requests in the periods, feeding Successful Scans, Failed Scans, Average Scan Time
 * and the scan and function trends (decision 0045), test shops left out: from the summary table
 * where it answers for the scope, else from the requests (decision 0050). Both give the same.
 */
export async function scansByPeriod(scope: DashboardScope, periods: readonly Period[], narrowing: CardNarrowing): Promise<PeriodScans[]> {
  return summaryAnswers(scope, periods, narrowing) ? summaryScansByPeriod(scope, periods) : rawScansByPeriod(scope, periods, narrowing);
}
