import { sql, type Expression, type SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDatabase } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, dateWindow, filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import type { scanResultsGrid } from "./grid";

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
  /** The request's type: a service request opens the service view. */
  requestType: string;
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

/** The Scan Results table's columns and filters in SQL. */
export const SCAN_RESULT_BINDINGS: GridBindings<typeof scanResultsGrid> = {
  scanResponseId: { sql: "r.scanResponseId" },
  scanRequestId: { sql: "r.scanRequestId" },
  providerResponseId: { sql: "r.providerResponseId" },
  providerName: { sql: "p.providerName" },
  providerId: { sql: "r.providerId" },
  provider: { sql: "r.providerId", filter: "exact", stored: asNumber },
  shopId: { sql: "r.shopId", filter: "exact", stored: asNumber },
  cccLicenseNumber: { sql: "r.cccLicenseNumber" },
  shopName: { sql: "sr.shopName" },
  serialNo: { sql: "r.serialNo" },
  createdDateTime: { sql: "r.createdDateTime" },
  lastModifiedDateTime: { sql: "r.lastModifiedDateTime" },
  year: { sql: "r.year" },
  make: { sql: "r.make" },
  model: { sql: "r.model" },
  vin: { sql: "r.vin", filter: "prefix" },
  scanType: { sql: "r.scanType", filter: "exact" },
  scanPhase: { sql: "r.scanPhase" },
  status: { sql: "r.status", filter: "exact" },
  invoiceStatus: { sql: "r.invoiceStatus" },
  ccconeStatus: { sql: "d.ccconeResponseStatus" },
  diagnosticReportRetryCount: { sql: "r.diagnosticReportMessageRetryCount" },
  invoiceRetryCount: { sql: "r.invoiceMessageRetryCount" },
};

/** The date window (UTC bounds of the user's days, spec §7), the provider scope and the column filters. */
function conditions(query: ScanResultQuery): Expression<SqlBool>[] {
  const { state, scope } = query;
  const where = [...dateWindow("r.createdDateTime", state, query.timeZone), ...filterConditions(SCAN_RESULT_BINDINGS, state.filters, undefined)];
  if (scope.restricted) where.push(sql<SqlBool>`${sql.ref("r.providerId")} = ${scope.providerId}`);
  return where;
}

function filteredResponses(query: ScanResultQuery) {
  return getDatabase()
    .db.selectFrom("scanResponses as r")
    .where((eb) => eb.and(conditions(query)));
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
      "sr.type as requestType",
      "r.scanPhase",
      "r.status",
      "r.invoiceStatus",
      "d.ccconeResponseStatus as ccconeStatus",
      "r.diagnosticReportMessageRetryCount as diagnosticReportRetryCount",
      "r.invoiceMessageRetryCount as invoiceRetryCount",
    ])
    .orderBy(sortExpression(SCAN_RESULT_BINDINGS, state, "createdDateTime"), state.dir)
    .orderBy("r.scanResponseId", state.dir);
}

/** One page of scan results and the number that match. */
export function findScanResultsPage(query: ScanResultQuery): Promise<{ rows: ScanResultRow[]; total: number }> {
  return offsetPageWithTotal(selectScanResultRows(query), filteredResponses(query), query.state);
}
