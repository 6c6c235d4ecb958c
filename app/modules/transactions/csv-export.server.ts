import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { streamRows } from "~/db/row-stream/stream-rows.server";
import { csvResponse } from "~/grid/csv-export.server";
import { csvFileName } from "~/grid/csv-file-name";
import { readExportQuery } from "~/grid/export-query";
import { log } from "~/lib/logger.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { transactionCells } from "./cells";
import { loadTransactionFilterChoices } from "./filter-options.server";
import { servicesGrid, transactionsGrid } from "./grid";
import { selectTransactionRows, type TransactionQuery } from "./grid-query.server";

const EXPORTS = {
  transactions: { definition: transactionsGrid, requestType: undefined },
  services: { definition: servicesGrid, requestType: "services" },
} as const;

export type TransactionExportKind = keyof typeof EXPORTS;

/**
 * Every transaction (or service) that the grid's query matches, as a CSV download in the grid's
 * visible columns with the values the grid shows. The URL is read exactly as the grid reads it
 * (same options, same corrections; a download is never redirected). The provider scope applies
 * twice on purpose: as the locked provider filter, whatever ?provider= says, and as the query's
 * scope.
 */
export async function exportTransactionsCsv(request: Request, signedIn: SignedIn, kind: TransactionExportKind, now?: Date): Promise<Response> {
  const { definition, requestType } = EXPORTS[kind];
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const choices = await loadTransactionFilterChoices(scope);
  const { state, today, columns } = readExportQuery({
    definition,
    url: new URL(request.url),
    timeZone,
    options: choices.options,
    locked: providerLock(scope),
    now,
  });
  const query: TransactionQuery = { state, timeZone, scope, requestType, storedValues: choices.storedValues };
  return csvResponse({
    fileName: csvFileName(definition.title, today),
    columns,
    rows: streamRows(selectTransactionRows(query)),
    cells: (row) => transactionCells(row, timeZone),
    signal: request.signal,
    onError: (error) => log.error("A CSV export stopped before its end", { grid: definition.id, error }),
  });
}
