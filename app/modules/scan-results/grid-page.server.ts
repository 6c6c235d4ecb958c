import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { loadGrid } from "~/grid/load-grid.server";
import { userTimeZone } from "~/lib/time-zone.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { detailHref } from "~/modules/transaction-detail/detail-kinds";
import { scanResultCells } from "./cells";
import { loadScanResultFilterOptions } from "./filter-options.server";
import { scanResultsGrid } from "./grid";
import { findScanResultsPage } from "./grid-query.server";
import { SPECIAL_FUNCTION_PARAM } from "./row-detail";
import { findScanResultRowDetail } from "./row-detail.server";

/** Columns the page needs even when hidden: the Available Actions rule reads the scan type. */
const ALWAYS_SENT = ["scanType"] as const;

/**
 * ?sf= belongs to the expanded row's View Results (a special function's info open without
 * JavaScript), not to the table: it is taken off before the grid reads its URL.
 */
function withoutSpecialFunction(request: Request): { request: Request; openFunction: string | null } {
  const url = new URL(request.url);
  const openFunction = url.searchParams.get(SPECIAL_FUNCTION_PARAM);
  if (openFunction === null) return { request, openFunction };
  url.searchParams.delete(SPECIAL_FUNCTION_PARAM);
  return { request: new Request(url, { headers: request.headers, signal: request.signal }), openFunction };
}

/**
 * The Scan Results table for the signed-in user: their provider scope in every query and locked
 * in the URL, one page of scan responses, and the expanded row's sections (only that row's). A row's
 * id is its scan request id (one response per request), which the bulk resend takes.
 */
export async function loadScanResultsPage(original: Request, signedIn: SignedIn) {
  const { request, openFunction } = withoutSpecialFunction(original);
  const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
  const options = await loadScanResultFilterOptions(scope);
  const url = new URL(request.url);
  // The detail is read only once the URL is canonical (loadGrid redirects before), so this is the table's own address.
  const self = `${url.pathname}${url.search}`;
  return loadGrid({
    request,
    definition: scanResultsGrid,
    userId: signedIn.user.id,
    timeZone,
    options,
    locked: providerLock(scope),
    source: {
      async page(state) {
        const page = await findScanResultsPage({ state, timeZone, scope });
        const rows = page.rows.map(
          (row): GridRow => ({
            id: String(row.scanRequestId),
            cells: shownCells(scanResultCells(row, timeZone), state.cols, ALWAYS_SENT),
            links: { scanRequestId: detailHref("transaction", row.scanRequestId, self) },
          }),
        );
        return { rows, total: page.total };
      },
      detail: (rowId) => findScanResultRowDetail(rowId, { scope, timeZone, back: self, openFunction }),
    },
  });
}
