import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDatabase } from "~/db/db.server";
import type { Database } from "~/db/types";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";
import { startsWith } from "~/grid/text-match.server";
import { normaliseLicense } from "~/modules/transactions/grid-query.server";

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

type Eb = ExpressionBuilder<Database & { q: Database["quotes"] }, "q">;

function conditions(eb: Eb, query: QuoteQuery): Expression<SqlBool>[] {
  const { state, scope } = query;
  const f = state.filters;
  const where: Expression<SqlBool>[] = [];
  if (state.from && state.to) {
    const { start, end } = utcDayBounds(state.from, state.to, query.timeZone);
    where.push(eb("q.lastModifiedDateTime", ">=", start), eb("q.lastModifiedDateTime", "<", end));
  }
  if (scope.restricted) where.push(eb("q.providerId", "=", scope.providerId));
  if (f.provider?.[0]) where.push(eb("q.providerId", "=", Number(f.provider[0])));
  if (f.shopId?.[0]) where.push(eb("q.shopId", "=", Number(f.shopId[0])));
  if (f.licenseNo?.[0]) where.push(eb("q.licenseNumber", "=", normaliseLicense(f.licenseNo[0])));
  if (f.vin?.[0]) where.push(startsWith(eb, getDatabase().dialect, "q.vin", f.vin[0]));
  if (f.status?.[0]) where.push(eb("q.status", "=", f.status[0]));
  return where;
}

function filteredQuotes(query: QuoteQuery) {
  return getDatabase()
    .db.selectFrom("quotes as q")
    .where((eb) => eb.and(conditions(eb, query)));
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
export async function findQuotesPage(query: QuoteQuery): Promise<{ rows: QuoteRow[]; total: number }> {
  const { state } = query;
  const [rows, count] = await Promise.all([
    selectQuoteRows(query)
      .limit(state.size)
      .offset((state.page - 1) * state.size)
      .execute(),
    filteredQuotes(query)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
