import type { GridCells } from "~/grid/definition";
import { cellDateTime } from "~/lib/date-format";
import type { errorLogGrid } from "./grid";
import type { ErrorRow } from "./grid-query.server";

/** A record's cells as the grid and its CSV show them. */
export function errorCells(row: ErrorRow, timeZone: string): GridCells<typeof errorLogGrid> {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    errorId: String(row.errorId),
    createdDate: cellDateTime(row.createdDate, timeZone),
    errorType: row.errorType,
    errorCode: text(row.errorCode),
    errorOrigin: text(row.errorOrigin),
    providerId: text(row.providerId),
    shopId: text(row.shopId),
    component: text(row.component),
    errorMsg: text(row.errorMsg),
    errorCategory: text(row.errorCategory),
    appId: text(row.appId),
    transactionId: text(row.transactionId),
    userId: text(row.userId),
    host: text(row.host),
    severity: text(row.severity),
  };
}
