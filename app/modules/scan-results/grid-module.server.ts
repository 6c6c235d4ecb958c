import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { providerLock } from "~/modules/providers/provider-options.server";
import { detailHref } from "~/modules/transaction-detail/detail-kinds";
import { userTimeZone } from "~/platform/time-zone.server";
import { scanResultCells } from "./cells";
import { loadScanResultFilterOptions } from "./filter-options.server";
import { scanResultsGrid, SPECIAL_FUNCTION_PARAM } from "./grid";
import { findScanResultsPage, selectScanResultRows } from "./grid-query.server";
import { findScanResultRowDetail } from "./row-detail.server";

/** Columns the page needs even when hidden: the Available Actions rule reads the scan type. */
const ALWAYS_SENT = ["scanType"] as const;

interface ScanResultsContext extends GridContext {
  scope: ProviderScope;
}

/**
 * The Scan Results table for the signed-in user: their provider scope in every query and locked in
 * the URL, one page of scan responses, the expanded row's sections (only that row's, with the
 * special function of ?sf= open), and the same query as CSV. A row's id is its scan request id (one
 * response per request), which the bulk resend takes.
 */
export const scanResultsGridModule = defineGrid({
  definition: scanResultsGrid,
  async context(request: Request, signedIn: SignedIn): Promise<ScanResultsContext> {
    const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
    return { timeZone, scope, options: await loadScanResultFilterOptions(scope), locked: providerLock(scope) };
  },
  async page(state, { timeZone, scope }, self) {
    const page = await findScanResultsPage({ state, timeZone, scope });
    const rows = page.rows.map((row): GridRow => ({
      id: String(row.scanRequestId),
      cells: shownCells(scanResultCells(row, timeZone), state.cols, ALWAYS_SENT),
      links: { scanRequestId: detailHref(row.requestType === "services" ? "service" : "transaction", row.scanRequestId, self) },
    }));
    return { rows, total: page.total };
  },
  detail: (rowId, { scope, timeZone }, self, state) =>
    findScanResultRowDetail(rowId, { scope, timeZone, back: self, openFunction: state.params[SPECIAL_FUNCTION_PARAM] ?? null }),
  allRows: (state, { timeZone, scope }) => selectScanResultRows({ state, timeZone, scope }),
  cells: (row, { timeZone }) => scanResultCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.scanResults, zoneOnly),
});
