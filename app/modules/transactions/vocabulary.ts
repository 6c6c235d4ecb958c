/**
 * The values scan requests take. The spec names some of them (the failed and cancelled statuses,
 * COMPLETED (CCCONE Error), the five scan types); the rest are the operations team's choice,
 * recorded in docs/decisions/0002-transaction-vocabulary.md. The demo data and the configured
 * filter options (TRANSACTION_FILTER_OPTIONS) are built from these lists.
 */
export const SCAN_TYPES = ["Scan", "Calibration", "Programming", "Adas", "Sublet"] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

/** Scan types whose results have a view of their own (system, subsystems, abbreviation, ...). */
export const SPECIAL_VIEW_SCAN_TYPES: readonly ScanType[] = ["Calibration", "Programming", "Adas", "Sublet"];

export const FAILED_OR_CANCELLED_STATUSES = [
  "CANCELLED",
  "FAILED",
  "FAILED (Request Error)",
  "FAILED (Rqst. Timeout)",
  "FAILED (Resp. Timeout)",
  "FAILED (Provider Failure)",
  "FAILED (Validation Error)",
] as const;

export const PROCESS_STATUSES = ["SUBMITTED", "IN PROGRESS", "COMPLETED", "COMPLETED (CCCONE Error)", ...FAILED_OR_CANCELLED_STATUSES] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** The type of a scan request: diagnostics scans and the services grid's service requests. */
export const REQUEST_TYPES = ["diagnostics", "services"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const SCAN_PHASES = ["Pre-Repair", "In-Process", "Post-Repair"] as const;
export const INVOICE_STATUSES = ["PENDING", "SENT", "ACCEPTED", "REJECTED", "FAILED"] as const;
export const CLIENT_TYPES = ["DESKTOP", "MOBILE", "WEB"] as const;
export const BILLABLE_OPTIONS = ["Y", "N"] as const;

/** Status codes a provider reports for a scan (PROVIDER_SCAN_STATUS_OPTIONS). */
export const PROVIDER_SCAN_STATUSES = ["ACCEPTED", "CANCELLED", "COMPLETED", "FAILED", "IN_PROGRESS", "REJECTED"] as const;

export const QUOTE_STATUSES = ["OPEN", "SENT", "ACCEPTED", "DECLINED", "EXPIRED"] as const;

export const TRANSACTION_TYPES = ["SCAN_REQUEST", "DIAGNOSTIC_REPORT", "INVOICE"] as const;

export function isFailedOrCancelled(status: string): boolean {
  return (FAILED_OR_CANCELLED_STATUSES as readonly string[]).includes(status);
}
