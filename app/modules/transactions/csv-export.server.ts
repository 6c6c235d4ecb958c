import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { gridCsvResponse } from "~/grid/grid-csv.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { transactionCells } from "./cells";
import { loadTransactionFilterChoices } from "./filter-options.server";
import { servicesGrid, transactionsGrid } from "./grid";
import { selectTransactionRows } from "./grid-query.server";

const EXPORTS = {
  transactions: { definition: transactionsGrid, requestType: undefined },
  services: { definition: servicesGrid, requestType: "services" },
} as const;

export type TransactionExportKind = keyof typeof EXPORTS;

/**
 * Every transaction (or service) that the grid's query matches, as a CSV download in the grid's
 * visible columns with the values the grid shows. The provider scope applies twice on purpose:
 * as the locked provider filter, whatever ?provider= says, and as the query's scope.
 */
export async function exportTransactionsCsv(request: Request, signedIn: SignedIn, kind: TransactionExportKind): Promise<Response> {
  const { definition, requestType } = EXPORTS[kind];
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const choices = await loadTransactionFilterChoices(scope);
  return gridCsvResponse({
    request,
    userId: signedIn.user.id,
    definition,
    timeZone,
    options: choices.options,
    locked: providerLock(scope),
    rows: (state) => selectTransactionRows({ state, timeZone, scope, requestType, storedValues: choices.storedValues }),
    cells: (row) => transactionCells(row, timeZone),
  });
}
