import { redirect } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { parseRecordId } from "~/lib/record-id";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { preferredProviderSearch } from "~/modules/providers/preferred-provider.server";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { errorCells } from "./cells";
import { findErrorRecordDetail } from "./error-detail.server";
import { errorLogGrid, FILE_PARAM, PROVIDER_FILTER } from "./grid";
import { findErrorPage, selectErrorRows } from "./grid-query.server";

/** The spec's words when the records cannot be read (§8: a red toast). */
export const ERROR_LOG_LOAD_FAILURE = { title: "Error", message: "Unable to fetch data! Please try again after some time!" } as const;

/**
 * Feedbacks/Errors (dashboards spec §2.3): a page of the records of the date range, a record's
 * fields and files with the preview of one, and the same query as CSV. Read-only: the screen has
 * no writes. The admin area is staff's, so there is no provider scope.
 */
export const errorLogGridModule = defineGrid({
  definition: errorLogGrid,
  async context(request, signedIn): Promise<GridContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone };
  },
  async page(state, { timeZone }) {
    const page = await findErrorPage(state, timeZone);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.errorId), cells: shownCells(errorCells(row, timeZone), state.cols) }));
    return { rows, total: page.total };
  },
  detail: async (rowId, _context, self, state) => {
    const id = parseRecordId(rowId);
    return id === null ? null : findErrorRecordDetail(id, self, state.params[FILE_PARAM] ?? null);
  },
  allRows: (state, { timeZone }) => selectErrorRows(state, timeZone),
  cells: (row, { timeZone }) => errorCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.errorLog, zoneOnly),
});

/**
 * A bare address of the log opens on the user's preferred provider (spec §4: "The log pre-filters
 * by the remembered preferred provider") with the rest of the query it remembers; its remembered
 * query never holds the provider (decision 0065). Otherwise the grid opens as asked.
 */
async function startOnPreferredProvider(request: Request, signedIn: SignedIn): Promise<void> {
  const url = new URL(request.url);
  if (url.search !== "") return;
  const scope = await providerScopeOf(signedIn.user);
  const search = await preferredProviderSearch({ userId: signedIn.user.id, scope, offered: await providerFilterOptions(scope) }, errorLogGrid, PROVIDER_FILTER);
  // Thrown, as the grid's own redirects to its canonical address are.
  if (search !== null) throw redirect(`${url.pathname}?${search}`);
}

/** The page's loader data, or the spec's failure words when the records cannot be read. */
export async function loadErrorLogPage(request: Request, signedIn: SignedIn) {
  await startOnPreferredProvider(request, signedIn);
  return gridPageOrFailure(() => errorLogGridModule.loadPage(request, signedIn), ERROR_LOG_LOAD_FAILURE, "Reading the Feedbacks/Errors records failed");
}
