import path from "node:path";
import SQLite from "better-sqlite3";
import { FAILED_OR_CANCELLED_STATUSES } from "../../app/modules/transactions/vocabulary";

/**
 * The e2e server's own SQLite file (playwright.config.ts chooses its data directory), read-only:
 * tests find rows of the kind they need there instead of relying on ids of the demo data.
 */
export function readE2eDatabase<T>(read: (db: SQLite.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The same file written (a test's own rows, another user's change): a test changes only rows it made. */
export function writeE2eDatabase(write: (db: SQLite.Database) => void): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const db = new SQLite(path.join(dataDir, "portal.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    write(db);
  } finally {
    db.close();
  }
}

export interface ResendCandidate {
  scanRequestId: number;
  providerId: number;
}

const FAILED = FAILED_OR_CANCELLED_STATUSES.map((status) => `'${status.replace(/'/g, "''")}'`).join(", ");

/** Scan transactions that are neither failed nor cancelled and have a stored report and invoice to resend, newest first. */
export function resendableTransactions(): ResendCandidate[] {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          `select scan_request_id as scanRequestId, provider_id as providerId from scan_requests r
         where scan_type = 'Scan' and status not in (${FAILED})
           and exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id
             and d.transaction_type = 'DIAGNOSTIC_REPORT' and d.message_direction = 'OUTBOUND' and d.message_type = 'request')
           and exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id
             and d.transaction_type = 'INVOICE' and d.message_direction = 'OUTBOUND' and d.message_type = 'request')
         order by scan_request_id desc`,
        )
        .all() as ResendCandidate[],
  );
}

/** Transactions of another scan type than Scan, newest first. */
export function otherScanTypeTransactions(): Array<ResendCandidate & { scanType: string }> {
  return readE2eDatabase(
    (db) =>
      db
        .prepare(
          "select scan_request_id as scanRequestId, provider_id as providerId, scan_type as scanType from scan_requests where scan_type <> 'Scan' order by scan_request_id desc",
        )
        .all() as Array<ResendCandidate & { scanType: string }>,
  );
}
