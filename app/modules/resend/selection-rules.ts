import { isFailedOrCancelled } from "~/modules/transactions/vocabulary";
import { MAX_RESEND_SELECTION, REFUSALS } from "./vocabulary";

/**
 * The bulk resend rules (spec §2, Available Actions), as the server checks them: at least one
 * selected row (and at most one grid page), every one of scan type Scan and none failed or
 * cancelled. The grid mirrors them (canResendTogether) to show the button; the server refuses a
 * request that breaks any rule, whole, with the reasons listed here.
 */

export interface SelectedRow {
  scanRequestId: number;
  scanType: string;
  status: string;
}

export const RESENDABLE_SCAN_TYPE = "Scan";

/** Lists at most ten items, then how many more. */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 10).join(", ");
  return items.length > 10 ? `${shown} and ${items.length - 10} more` : shown;
}

/**
 * Why the selection cannot be resent (empty when it can). `requested` are the ids as submitted,
 * `visible` the rows among them that exist and that the user may see; an id the user may not see
 * is reported exactly like one that does not exist.
 */
export function selectionRefusals(requested: readonly string[], visible: readonly SelectedRow[]): string[] {
  if (requested.length === 0) return [REFUSALS.nothingSelected];
  if (requested.length > MAX_RESEND_SELECTION) return [REFUSALS.tooMany];
  const found = new Set(visible.map((row) => String(row.scanRequestId)));
  const refusals: string[] = [];
  const missing = requested.filter((id) => !found.has(id));
  if (missing.length > 0) refusals.push(REFUSALS.notFound(listed(missing.map((id) => (id.length > 20 ? `${id.slice(0, 20)}…` : id)))));
  const notScan = visible.filter((row) => row.scanType !== RESENDABLE_SCAN_TYPE);
  if (notScan.length > 0) refusals.push(REFUSALS.notScan(listed(notScan.map((row) => `${row.scanRequestId} (${row.scanType})`))));
  const failed = visible.filter((row) => isFailedOrCancelled(row.status));
  if (failed.length > 0) refusals.push(REFUSALS.failedOrCancelled(listed(failed.map((row) => `${row.scanRequestId} (${row.status})`))));
  return refusals;
}
