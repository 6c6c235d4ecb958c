import { sql, type Expression, type SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDatabase } from "~/db/db.server";
import type { ColumnIdOf, GridState } from "~/grid/definition";
import { offsetPageWithTotal } from "~/grid/page-query.server";
import { asNumber, dateWindow, filterConditions, type GridBindings } from "~/grid/sql-bindings.server";
import { normaliseLicense } from "~/modules/transactions/grid-query.server";
import type { quotesGrid } from "./grid";

/** One row of the Quotes grid, as the loader reads it. */
export interface QuoteRow {
  quoteId: number;
  providerName: string;
  providerId: number;
  shopId: number;
  licenseNumber: string | null;
  shopName: string | null;
  repairOrderNumber: string | null;
  workfileId: string | null;
  lastModifiedDateTime: string;
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string | null;
  repairPhase: string | null;
  status: string;
  serviceReceived: 0 | 1;
}

export interface QuoteQuery {
  state: GridState;
  timeZone: string;
  scope: ProviderScope;
}

/** The Quotes grid's filters in SQL: no column sorts (the grid has one order, newest first). */
export const QUOTE_BINDINGS: GridBindings<typeof quotesGrid, undefined, ColumnIdOf<typeof quotesGrid>> = {
  provider: { sql: "q.providerId", filter: "exact", stored: asNumber },
  shopId: { sql: "q.shopId", filter: "exact", stored: asNumber },
  licenseNo: { sql: "q.licenseNumber", filter: "exact", stored: normaliseLicense },
  vin: { sql: "q.vin", filter: "prefix" },
  status: { sql: "q.status", filter: "exact" },
};

function conditions(query: QuoteQuery): Expression<SqlBool>[] {
  const { state, scope } = query;
  const where = [...dateWindow("q.lastModifiedDateTime", state, query.timeZone), ...filterConditions(QUOTE_BINDINGS, state.filters, undefined)];
  if (scope.restricted) where.push(sql<SqlBool>`${sql.ref("q.providerId")} = ${scope.providerId}`);
  return where;
}

function filteredQuotes(query: QuoteQuery) {
  return getDatabase()
    .db.selectFrom("quotes as q")
    .where((eb) => eb.and(conditions(query)));
}

/** The matching quotes, newest first (the grid has no other order); the CSV export streams this. */
export function selectQuoteRows(query: QuoteQuery) {
  return filteredQuotes(query)
    .innerJoin("providers as p", "p.providerId", "q.providerId")
    .select([
      "q.quoteId",
      "p.providerName",
      "q.providerId",
      "q.shopId",
      "q.licenseNumber",
      "q.shopName",
      "q.repairOrderNumber",
      "q.workfileId",
      "q.lastModifiedDateTime",
      "q.year",
      "q.make",
      "q.model",
      "q.vin",
      "q.repairPhase",
      "q.status",
      "q.serviceReceived",
    ])
    .orderBy("q.lastModifiedDateTime", "desc")
    .orderBy("q.quoteId", "desc");
}

/** One page of quotes and the total that match. */
export function findQuotesPage(query: QuoteQuery): Promise<{ rows: QuoteRow[]; total: number }> {
  return offsetPageWithTotal(selectQuoteRows(query), filteredQuotes(query), query.state);
}
