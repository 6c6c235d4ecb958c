import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { isFailedOrCancelled } from "~/modules/transactions/vocabulary";

/** Rows of a seeded database that the resend tests need, found by what they are, not by id. */
export interface CandidateRow {
  scanRequestId: number;
  providerId: number;
  scanType: string;
  status: string;
  hasReport: boolean;
  hasInvoice: boolean;
}

export async function candidateRows(): Promise<CandidateRow[]> {
  const sent = (type: string) =>
    sql<number>`exists (select 1 from transaction_documents d where d.scan_request_id = scan_requests.scan_request_id
      and d.transaction_type = ${type} and d.message_direction = 'OUTBOUND' and d.message_type = 'request')`;
  const rows = await getDb()
    .selectFrom("scanRequests")
    .select(["scanRequestId", "providerId", "scanType", "status", sent("DIAGNOSTIC_REPORT").as("hasReport"), sent("INVOICE").as("hasInvoice")])
    .orderBy("scanRequestId")
    .execute();
  return rows.map((row) => ({ ...row, hasReport: Boolean(row.hasReport), hasInvoice: Boolean(row.hasInvoice) }));
}

/** Hands out rows that fit a description, each row once, so tests do not share their writes. */
export class RowPool {
  private readonly taken = new Set<number>();

  constructor(private readonly rows: CandidateRow[]) {}

  take(count: number, fits: (row: CandidateRow) => boolean): number[] {
    const chosen = this.rows.filter((row) => !this.taken.has(row.scanRequestId) && fits(row)).slice(0, count);
    if (chosen.length < count) throw new Error(`Only ${chosen.length} of ${count} rows fit`);
    for (const row of chosen) this.taken.add(row.scanRequestId);
    return chosen.map((row) => row.scanRequestId);
  }
}

export const resendable = (row: CandidateRow) => row.scanType === "Scan" && !isFailedOrCancelled(row.status);
export const withBothMessages = (row: CandidateRow) => resendable(row) && row.hasReport && row.hasInvoice;

/** How many rows the resend may have written: documents, audit rows, claimed tokens. */
export async function writtenCounts(): Promise<{ documents: number; audit: number; tokens: number }> {
  const db = getDb();
  const count = async (table: "transactionDocuments" | "auditLog" | "formSubmissions") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { documents: await count("transactionDocuments"), audit: await count("auditLog"), tokens: await count("formSubmissions") };
}
