import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvSqlZone } from "~/grid/csv-sql-cells.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridDefinition } from "~/grid/definition";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { providerLock } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { transactionCells } from "./cells";
import { loadTransactionFilterChoices, type TransactionFilterChoices } from "./filter-options.server";
import { servicesGrid, transactionsGrid } from "./grid";
import { selectTransactionCsvRecords, selectTransactionExportRows, type TransactionQuery } from "./grid-query.server";
import { findTransactionGridRows } from "./grid-rows.server";
import { findTransactionRowDetail } from "./row-detail.server";
import { serviceNamesOfFilter } from "./service-names.server";

interface TransactionGridContext extends GridContext {
  scope: ProviderScope;
  storedValues: TransactionFilterChoices["storedValues"];
}

/**
 * The Transactions or Services grid for the signed-in user: their provider scope in every query
 * (and locked in the URL, whatever ?provider= says), options from configuration and the database,
 * the expanded row's details (only that row's), and the same query as CSV.
 */
function transactionGrid(definition: GridDefinition, requestType: TransactionQuery["requestType"]) {
  return defineGrid({
    definition,
    backLinks: true,
    async context(request: Request, signedIn: SignedIn): Promise<TransactionGridContext> {
      const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
      const choices = await loadTransactionFilterChoices(scope);
      return { timeZone, scope, options: choices.options, storedValues: choices.storedValues, locked: providerLock(scope) };
    },
    page: async (state, { timeZone, scope, storedValues }) =>
      findTransactionGridRows({ state, timeZone, scope, requestType, storedValues, serviceNames: await serviceNamesOfFilter(state) }, definition.path),
    detail: (rowId, { scope }) => findTransactionRowDetail(rowId, scope, requestType),
    allRows: async (state, { timeZone, scope, storedValues }) =>
      selectTransactionExportRows({ state, timeZone, scope, requestType, storedValues, serviceNames: await serviceNamesOfFilter(state) }),
    cells: (row, { timeZone }) => transactionCells(row, timeZone),
    csvInWorker: csvInWorker(csvCellsWriters.transactions, zoneOnly),
    csvInDatabase: async (state, { timeZone, scope, storedValues }, columnIds) =>
      selectTransactionCsvRecords(
        { state, timeZone, scope, requestType, storedValues, serviceNames: await serviceNamesOfFilter(state) },
        columnIds,
        await csvSqlZone(timeZone),
      ),
  });
}

export const transactionsGridModule = transactionGrid(transactionsGrid, undefined);
export const servicesGridModule = transactionGrid(servicesGrid, "services");
