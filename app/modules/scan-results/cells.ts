import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import { displayLicense } from "~/modules/transactions/cells";
import type { scanResultsGrid } from "./grid";
import type { ScanResultRow } from "./grid-query.server";

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/** The value of each column as the table shows it; the page and the CSV export both use it. */
export function scanResultCells(row: ScanResultRow, timeZone: string): GridCells<typeof scanResultsGrid> {
  return {
    scanResponseId: text(row.scanResponseId),
    scanRequestId: text(row.scanRequestId),
    providerResponseId: text(row.providerResponseId),
    providerName: text(row.providerName),
    providerId: text(row.providerId),
    shopId: text(row.shopId),
    cccLicenseNumber: displayLicense(row.cccLicenseNumber),
    shopName: text(row.shopName),
    serialNo: text(row.serialNo),
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    lastModifiedDateTime: cellDateTime(row.lastModifiedDateTime, timeZone),
    year: text(row.year),
    make: text(row.make),
    model: text(row.model),
    vin: text(row.vin),
    scanType: text(row.scanType),
    scanPhase: text(row.scanPhase),
    status: text(row.status),
    invoiceStatus: text(row.invoiceStatus),
    ccconeStatus: text(row.ccconeStatus),
    diagnosticReportRetryCount: text(row.diagnosticReportRetryCount),
    invoiceRetryCount: text(row.invoiceRetryCount),
  };
}
