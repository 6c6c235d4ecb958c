import type { GridRow } from "~/grid/grid-view";
import { RESENDABLE_SCAN_TYPE } from "~/modules/resend/selection-rules";

/**
 * Available Actions on the Scan Results table (spec §2): shown only when rows are selected and
 * every one has scan type Scan. The resend route checks its full rules again on the server.
 */
export function canResendScanResults(rows: readonly GridRow[]): boolean {
  return rows.length > 0 && rows.every((row) => row.cells.scanType === RESENDABLE_SCAN_TYPE);
}
