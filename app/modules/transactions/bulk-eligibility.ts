import { isFailedOrCancelled } from "./vocabulary";

/**
 * Bulk resubmission (Available Actions, spec §2): offered only when at least one row is selected,
 * every selected row has scan type Scan, and none has a failed or cancelled status. The grid
 * applies it with JavaScript; the resend route applies it again on the server.
 */
export interface BulkCandidate {
  scanType: string;
  status: string;
}

export function canResendTogether(rows: readonly BulkCandidate[]): boolean {
  return rows.length > 0 && rows.every((row) => row.scanType === "Scan" && !isFailedOrCancelled(row.status));
}

export const AVAILABLE_ACTIONS_LABEL = "Available Actions";
