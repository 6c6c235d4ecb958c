import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDatabase } from "~/db/db.server";
import type { Database } from "~/db/types";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";
import { startsWith } from "~/grid/text-match.server";

/** One row of the Scan Results table: a scan response with its provider's name, the request's shop name and the CCC ONE status. */
export interface ScanResultRow {
  scanResponseId: number;
  scanRequestId: number;
  providerResponseId: string | null;
  providerName: string;
  providerId: number;
  shopId: number;
  cccLicenseNumber: string | null;
  shopName: string | null;
  serialNo: string | null;
  createdDateTime: string;
  lastModifiedDateTime: string;
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string | null;
  scanType: string | null;
  scanPhase: string | null;
  status: string;
  invoiceStatus: string | null;
  ccconeStatus: string | null;
  diagnosticReportRetryCount: number;
  invoiceRetryCount: number;
}

export interface ScanResultQuery {
  state: GridState;
  timeZone: string;
  scope: ProviderScope;
}

type Eb = ExpressionBuilder<Database & { r: Database["scanResponses"] }, "r">;

/** The date window (UTC bounds of the user's days, spec §7), the provider scope and the column filters. */
function conditions(eb: Eb, query: ScanResultQuery): Expression<SqlBool>[] {
  const { state, scope } = query;
  const f = state.filters;
  const where: Expression<SqlBool>[] = [];
  if (state.from && state.to) {
    const { start, end } = utcDayBounds(state.from, state.to, query.timeZone);
    where.push(eb("r.createdDateTime", ">=", start), eb("r.createdDateTime", "<", end));
  }
  if (scope.restricted) where.push(eb("r.providerId", "=", scope.providerId));
  if (f.provider?.[0]) where.push(eb("r.providerId", "=", Number(f.provider[0])));
  if (f.shopId?.[0]) where.push(eb("r.shopId", "=", Number(f.shopId[0])));
  if (f.vin?.[0]) where.push(startsWith(eb, getDatabase().dialect, "r.vin", f.vin[0]));
  if (f.scanType?.[0]) where.push(eb("r.scanType", "=", f.scanType[0]));
  if (f.status?.[0]) where.push(eb("r.status", "=", f.status[0]));
  return where;
}

const SORT_COLUMNS = {
  scanResponseId: "r.scanResponseId",
  scanRequestId: "r.scanRequestId",
  providerResponseId: "r.providerResponseId",
  providerName: "p.providerName",
  providerId: "r.providerId",
  shopId: "r.shopId",
  cccLicenseNumber: "r.cccLicenseNumber",
  shopName: "sr.shopName",
  serialNo: "r.serialNo",
  createdDateTime: "r.createdDateTime",
  lastModifiedDateTime: "r.lastModifiedDateTime",
  year: "r.year",
  make: "r.make",
  model: "r.model",
  vin: "r.vin",
  scanType: "r.scanType",
  scanPhase: "r.scanPhase",
  status: "r.status",
  invoiceStatus: "r.invoiceStatus",
  ccconeStatus: "d.ccconeResponseStatus",
  diagnosticReportRetryCount: "r.diagnosticReportMessageRetryCount",
  invoiceRetryCount: "r.invoiceMessageRetryCount",
} as const;

function sortColumnOf(state: GridState) {
  return SORT_COLUMNS[(state.sort ?? "createdDateTime") as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.createdDateTime;
}

function filteredResponses(query: ScanResultQuery) {
  return getDatabase()
    .db.selectFrom("scanResponses as r")
    .where((eb) => eb.and(conditions(eb, query)));
}

/** Every matching scan response in grid order (the sorted column, then the response id): the page reads a slice, the CSV export streams it all. */
export function selectScanResultRows(query: ScanResultQuery) {
  const { state } = query;
  return filteredResponses(query)
    .innerJoin("providers as p", "p.providerId", "r.providerId")
    .innerJoin("scanRequests as sr", "sr.scanRequestId", "r.scanRequestId")
    .leftJoin("scanRequestDetails as d", "d.scanRequestId", "r.scanRequestId")
    .select([
      "r.scanResponseId",
      "r.scanRequestId",
      "r.providerResponseId",
      "p.providerName",
      "r.providerId",
      "r.shopId",
      "r.cccLicenseNumber",
      "sr.shopName",
      "r.serialNo",
      "r.createdDateTime",
      "r.lastModifiedDateTime",
      "r.year",
      "r.make",
      "r.model",
      "r.vin",
      "r.scanType",
      "r.scanPhase",
      "r.status",
      "r.invoiceStatus",
      "d.ccconeResponseStatus as ccconeStatus",
      "r.diagnosticReportMessageRetryCount as diagnosticReportRetryCount",
      "r.invoiceMessageRetryCount as invoiceRetryCount",
    ])
    .orderBy(sortColumnOf(state), state.dir)
    .orderBy("r.scanResponseId", state.dir);
}

/** One page of scan results and the number that match. */
export async function findScanResultsPage(query: ScanResultQuery): Promise<{ rows: ScanResultRow[]; total: number }> {
  const { state } = query;
  const [rows, count] = await Promise.all([
    selectScanResultRows(query)
      .limit(state.size)
      .offset((state.page - 1) * state.size)
      .execute(),
    filteredResponses(query)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
