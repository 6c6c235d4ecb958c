import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { providerLock } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { quoteCells } from "./cells";
import { loadQuoteFilterOptions } from "./filter-options.server";
import { quotesGrid } from "./grid";
import { findQuotesPage, selectQuoteRows } from "./grid-query.server";

/** Quote ID links to the quote's details (route quoteDetails). */
export const QUOTE_DETAILS_PATH = "/transactions/quotes";

interface QuoteGridContext extends GridContext {
  scope: ProviderScope;
}

/** The Quotes grid for the signed-in user: their provider scope in the query and locked in the URL; the same query as CSV. */
export const quotesGridModule = defineGrid({
  definition: quotesGrid,
  backLinks: true,
  async context(request: Request, signedIn: SignedIn): Promise<QuoteGridContext> {
    const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
    return { timeZone, scope, options: await loadQuoteFilterOptions(scope), locked: providerLock(scope) };
  },
  async page(state, { timeZone, scope }) {
    const page = await findQuotesPage({ state, timeZone, scope });
    const rows = page.rows.map((row): GridRow => ({
      id: String(row.quoteId),
      cells: quoteCells(row, timeZone),
      links: { quoteId: `${QUOTE_DETAILS_PATH}/${row.quoteId}` },
    }));
    return { rows, total: page.total };
  },
  allRows: (state, { timeZone, scope }) => selectQuoteRows({ state, timeZone, scope }),
  cells: (row, { timeZone }) => quoteCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.quotes, zoneOnly),
});
