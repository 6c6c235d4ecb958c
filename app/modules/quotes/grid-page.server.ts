import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import type { GridRow } from "~/grid/grid-view";
import { loadGrid } from "~/grid/load-grid.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { withBackLinks } from "~/modules/transaction-detail/grid-back-links";
import { quoteCells } from "./cells";
import { loadQuoteFilterOptions } from "./filter-options.server";
import { quotesGrid } from "./grid";
import { findQuotesPage } from "./grid-query.server";

/** Quote ID links to the quote's details (route quoteDetails). */
export const QUOTE_DETAILS_PATH = "/transactions/quotes";

/** The Quotes grid for the signed-in user: their provider scope in the query and locked in the URL. */
export async function loadQuoteGridPage(request: Request, signedIn: SignedIn) {
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const options = await loadQuoteFilterOptions(scope);
  const view = await loadGrid<never>({
    request,
    definition: quotesGrid,
    userId: signedIn.user.id,
    timeZone,
    options,
    locked: providerLock(scope),
    source: {
      async page(state) {
        const page = await findQuotesPage({ state, timeZone, scope });
        const rows = page.rows.map(
          (row): GridRow => ({
            id: String(row.quoteId),
            cells: quoteCells(row, timeZone),
            links: { quoteId: `${QUOTE_DETAILS_PATH}/${row.quoteId}` },
          }),
        );
        return { rows, total: page.total };
      },
    },
  });
  return withBackLinks(view, "quote");
}
