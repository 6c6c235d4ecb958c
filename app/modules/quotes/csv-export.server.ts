import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { gridCsvResponse } from "~/grid/grid-csv.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { quoteCells } from "./cells";
import { loadQuoteFilterOptions } from "./filter-options.server";
import { quotesGrid } from "./grid";
import { selectQuoteRows } from "./grid-query.server";

/**
 * Every quote the Quotes grid's query matches, as a CSV download in its visible columns with the
 * values it shows; a provider-only user's provider is locked and applied as the query's scope.
 */
export async function exportQuotesCsv(request: Request, signedIn: SignedIn): Promise<Response> {
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  return gridCsvResponse({
    request,
    userId: signedIn.user.id,
    definition: quotesGrid,
    timeZone,
    options: await loadQuoteFilterOptions(scope),
    locked: providerLock(scope),
    rows: (state) => selectQuoteRows({ state, timeZone, scope }),
    cells: (row) => quoteCells(row, timeZone),
  });
}
