import { getDb } from "~/db/db.server";
import type { GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, dateWindow, filterConditions, type GridBindings, sortExpression } from "~/grid/sql-bindings.server";
import type { errorLogGrid } from "./grid";

/**
 * Feedbacks/Errors in SQL: ids exact, type and origin exact, the other text fields contain
 * (ignoring case), and the date range on created_date in the viewer's days.
 */
export const ERROR_LOG_BINDINGS: GridBindings<typeof errorLogGrid> = {
  errorId: { sql: "e.errorId", filter: "exact", stored: asNumber },
  createdDate: { sql: "e.createdDate" },
  errorType: { sql: "e.errorType", filter: "exact" },
  errorCode: { sql: "e.errorCode", filter: "contains" },
  errorOrigin: { sql: "e.errorOrigin", filter: "exact" },
  providerId: { sql: "e.providerId", filter: "exact", stored: asNumber },
  shopId: { sql: "e.shopId", filter: "exact", stored: asNumber },
  component: { sql: "e.component", filter: "contains" },
  errorMsg: { sql: "e.errorMsg", sortable: false },
  errorCategory: { sql: "e.errorCategory", filter: "contains" },
  appId: { sql: "e.appId", filter: "contains" },
  transactionId: { sql: "e.transactionId", filter: "contains" },
  userId: { sql: "e.userId", sortable: false },
  host: { sql: "e.host", sortable: false },
  severity: { sql: "e.severity" },
};

const COLUMNS = [
  "e.errorId",
  "e.createdDate",
  "e.errorType",
  "e.errorCode",
  "e.errorOrigin",
  "e.providerId",
  "e.shopId",
  "e.component",
  "e.errorMsg",
  "e.errorCategory",
  "e.appId",
  "e.transactionId",
  "e.userId",
  "e.host",
  "e.severity",
] as const;

function matchingErrors(state: GridState, timeZone: string) {
  return getDb()
    .selectFrom("errorRecords as e")
    .where((eb) => eb.and([...dateWindow("e.createdDate", state, timeZone), ...filterConditions(ERROR_LOG_BINDINGS, state.filters, undefined)]));
}

/** Every matching record in grid order (the CSV export; the page reads a slice). */
export function selectErrorRows(state: GridState, timeZone: string) {
  return matchingErrors(state, timeZone)
    .select(COLUMNS)
    .orderBy(sortExpression(ERROR_LOG_BINDINGS, state, "createdDate"), state.dir)
    .orderBy("e.errorId", state.dir);
}

export type ErrorRow = Awaited<ReturnType<ReturnType<typeof selectErrorRows>["execute"]>>[number];

export function findErrorPage(state: GridState, timeZone: string): Promise<{ rows: ErrorRow[]; total: number }> {
  return offsetPageWithTotal(selectErrorRows(state, timeZone), matchingErrors(state, timeZone), state);
}
