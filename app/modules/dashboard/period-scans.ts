import { SCAN_TYPES } from "~/modules/transactions/vocabulary";
import { STATUS_GROUPS, type StatusGroup } from "./status-groups";

/** One period's scan requests by status group and function, and the successful scans' durations. */
export interface PeriodScans {
  byGroup: Record<StatusGroup, number>;
  byFunction: Record<string, number>;
  /** Successful requests with both scan stamps: their summed and counted durations. */
  durationMsSum: number;
  durationCount: number;
}

export function emptyPeriod(): PeriodScans {
  return {
    byGroup: { successful: 0, failed: 0, cancelled: 0 },
    byFunction: Object.fromEntries(SCAN_TYPES.map((type) => [type, 0])),
    durationMsSum: 0,
    durationCount: 0,
  };
}

/** One group of requests of a period, added (sign 1) or taken away (sign -1). */
export interface ScanCount {
  period: number;
  statusGroup: string | null;
  scanType: string;
  requests: number;
}

export function addScanCount(result: PeriodScans[], row: ScanCount, sign: 1 | -1): void {
  const period = result[Number(row.period)];
  const requests = sign * Number(row.requests);
  const group = row.statusGroup as StatusGroup | null;
  if (group) period.byGroup[group] += requests;
  period.byFunction[row.scanType] = (period.byFunction[row.scanType] ?? 0) + requests;
}

/** Takes one period's requests (the test shops') away from another's; a function not in SCAN_TYPES left at zero goes. */
export function subtractPeriodScans(from: PeriodScans, taken: PeriodScans): void {
  for (const group of STATUS_GROUPS) from.byGroup[group] -= taken.byGroup[group];
  for (const [scanType, requests] of Object.entries(taken.byFunction)) {
    const left = (from.byFunction[scanType] ?? 0) - requests;
    if (left === 0 && !(SCAN_TYPES as readonly string[]).includes(scanType)) delete from.byFunction[scanType];
    else from.byFunction[scanType] = left;
  }
  from.durationMsSum -= taken.durationMsSum;
  from.durationCount -= taken.durationCount;
}
