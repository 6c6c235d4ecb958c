import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { transactionsGrid } from "./grid";
import type { TransactionRow } from "./grid-query.server";

/** License # is shown left-padded with zeros to 6 characters, or Unknown when absent (spec §2). */
export function displayLicense(license: string | null): string {
  if (!license || license.trim() === "") return "Unknown";
  return license.trim().padStart(6, "0");
}

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? "" : String(value));

/**
 * The value of each column as the grid shows it. The page and the CSV export both use this, so
 * an export holds exactly what the user saw (padded licenses; dates in their zone, which the CSV
 * writes as YYYY-MM-DD HH:mm:ss and the grid shows as DD-MMM-YY hh:mm A, decision 0070).
 */
export function transactionCells(row: TransactionRow, timeZone: string): GridCells<typeof transactionsGrid> {
  return {
    scanRequestId: text(row.scanRequestId),
    masterId: text(row.masterId),
    providerName: text(row.providerName),
    providerScanStatus: text(row.providerScanStatus),
    providerId: text(row.providerId),
    shopId: text(row.shopId),
    licenseNo: displayLicense(row.licenseNo),
    shopName: text(row.shopName),
    repairOrderNo: text(row.repairOrderNo),
    createdDateTime: cellDateTime(row.createdDateTime, timeZone),
    year: text(row.year),
    make: text(row.make),
    model: text(row.model),
    vin: text(row.vin),
    scanType: text(row.scanType),
    providerServiceName: text(row.providerServiceName),
    type: text(row.type),
    scanPhase: text(row.scanPhase),
    status: text(row.status),
    invoiceStatus: text(row.invoiceStatus),
    clientType: text(row.clientType),
    isBillable: row.isBillable === 1 ? "Y" : "N",
  };
}
