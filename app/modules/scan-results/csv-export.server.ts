import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { gridCsvResponse } from "~/grid/grid-csv.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { scanResultCells } from "./cells";
import { loadScanResultFilterOptions } from "./filter-options.server";
import { scanResultsGrid } from "./grid";
import { selectScanResultRows } from "./grid-query.server";

/**
 * Every scan result the table's query matches, as a CSV download in its visible columns with the
 * values it shows. The provider scope applies as the locked filter and again in the query.
 */
export async function exportScanResultsCsv(request: Request, signedIn: SignedIn): Promise<Response> {
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const options = await loadScanResultFilterOptions(scope);
  return gridCsvResponse({
    request,
    userId: signedIn.user.id,
    definition: scanResultsGrid,
    timeZone,
    options,
    locked: providerLock(scope),
    rows: (state) => selectScanResultRows({ state, timeZone, scope }),
    cells: (row) => scanResultCells(row, timeZone),
  });
}
