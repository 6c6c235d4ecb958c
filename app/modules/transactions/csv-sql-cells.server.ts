import { sql } from "kysely";
import { csvFlagCell, csvInstantCell, csvIntegerCell, csvPaddedCell, type CsvSqlCell, type CsvSqlZone, csvTextCell } from "~/grid/csv-sql-cells.server";
import type { ColumnIdOf } from "~/grid/definition";
import type { transactionsGrid } from "./grid";

const text = (column: string) => () => csvTextCell(sql.ref(column));
const integer = (column: string) => () => csvIntegerCell(sql.ref(column));

/**
 * The Transactions and Services cells (cells.ts) in PostgreSQL, for the export the database
 * writes (decision 0097): one per column, so a new column without one is a type error.
 */
export const TRANSACTION_CSV_SQL_CELLS: Readonly<Record<ColumnIdOf<typeof transactionsGrid>, (zone: CsvSqlZone) => CsvSqlCell>> = {
  scanRequestId: integer("sr.scanRequestId"),
  masterId: integer("sr.masterId"),
  providerName: text("p.providerName"),
  providerScanStatus: text("sr.providerScanStatus"),
  providerId: integer("sr.providerId"),
  shopId: integer("sr.shopId"),
  // displayLicense: trimmed and zero-padded to six, or Unknown.
  licenseNo: () => csvPaddedCell(sql.ref("sr.licenseNo"), 6, "Unknown"),
  shopName: text("sr.shopName"),
  repairOrderNo: text("sr.repairOrderNo"),
  createdDateTime: (zone) => csvInstantCell(sql.ref("sr.createdDateTime"), zone),
  year: integer("sr.year"),
  make: text("sr.make"),
  model: text("sr.model"),
  vin: text("sr.vin"),
  scanType: text("sr.scanType"),
  providerServiceName: text("sr.providerServiceName"),
  type: text("sr.type"),
  scanPhase: text("sr.scanPhase"),
  status: text("sr.status"),
  invoiceStatus: text("sr.invoiceStatus"),
  clientType: text("sr.clientType"),
  isBillable: () => csvFlagCell(sql.ref("sr.isBillable"), "Y", "N"),
};
