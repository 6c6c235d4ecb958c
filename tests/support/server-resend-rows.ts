import SQLite from "better-sqlite3";
import { canResendInvoice, canResendResults, type ResendConfigurationEntry } from "~/modules/resend/single-resend-rules";
import { isFailedOrCancelled } from "~/modules/transactions/vocabulary";

/**
 * Rows of a running server's SQLite database that the resends may send, read with the product's
 * own pure rules: `results` and `invoice` for the single resends of a detail view, `bulk` for
 * Available Actions with both stored messages.
 */
export interface ServerResendRow {
  id: number;
  results: boolean;
  invoice: boolean;
  bulk: boolean;
}

export function resendableRows(sqliteFile: string): ServerResendRow[] {
  const db = new SQLite(sqliteFile, { readonly: true });
  try {
    const entries = (key: string) =>
      db
        .prepare(
          "select config_group_value as configGroupValue, config_value as configValue from configurations where config_key = ? and is_active = 1 order by config_id",
        )
        .all(key) as ResendConfigurationEntry[];
    const results = entries("ALLOWED_FOR_RESEND_RESULTS");
    const invoice = entries("ALLOWED_FOR_RESEND_INVOICE");
    const rows = db
      .prepare(
        `select r.scan_request_id as id, r.provider_id as providerId, r.scan_type as scanType, r.status, r.scan_response_id as scanResponseId, r.invoice_status as invoiceStatus,
          exists (select 1 from report_attachments a where a.scan_request_id = r.scan_request_id and a.type = 'Result') as hasResultReport,
          exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id and d.transaction_type = 'DIAGNOSTIC_REPORT' and d.message_direction = 'OUTBOUND') as hasReport,
          exists (select 1 from transaction_documents d where d.scan_request_id = r.scan_request_id and d.transaction_type = 'INVOICE' and d.message_direction = 'OUTBOUND') as hasInvoice
        from scan_requests r order by r.scan_request_id`,
      )
      .all() as Array<{
      id: number;
      providerId: number;
      scanType: string;
      status: string;
      scanResponseId: number | null;
      invoiceStatus: string | null;
      hasResultReport: number;
      hasReport: number;
      hasInvoice: number;
    }>;
    return rows.map((row) => {
      const facts = { ...row, hasResultReport: row.hasResultReport === 1 };
      return {
        id: row.id,
        results: canResendResults(facts, results) && row.hasReport === 1,
        invoice: canResendInvoice(facts, invoice) && row.hasInvoice === 1,
        bulk: row.scanType === "Scan" && !isFailedOrCancelled(row.status) && row.hasReport === 1 && row.hasInvoice === 1,
      };
    });
  } finally {
    db.close();
  }
}
