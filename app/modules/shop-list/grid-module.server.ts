import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { transactingSince } from "~/modules/dashboard/shop-figures.server";
import { providerLock } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { shopListCells } from "./cells";
import { loadShopListFilterOptions } from "./filter-options.server";
import { shopListGrid } from "./grid";
import { findShopListPage, selectShopListRows, type ShopListQueryContext } from "./grid-query.server";

/** The words when the shops cannot be read (spec §8). */
export const SHOP_LIST_LOAD_FAILURE = { title: "Fail", message: "Error loading Provider shops data!" } as const;

interface ShopListContext extends GridContext, ShopListQueryContext {
  scope: ProviderScope;
}

/**
 * The Shop List for the signed-in user: a provider-only user's provider is locked in the URL and
 * so in every query (page and CSV); the status is read at the request's instant, as the card's.
 */
export const shopListGridModule = defineGrid({
  definition: shopListGrid,
  async context(request: Request, signedIn: SignedIn): Promise<ShopListContext> {
    const [scope, { timeZone }] = await Promise.all([providerScopeOf(signedIn.user), userTimeZone(request, signedIn.user.id)]);
    return { timeZone, scope, since: transactingSince(new Date()), options: await loadShopListFilterOptions(scope), locked: providerLock(scope) };
  },
  async page(state, context) {
    const page = await findShopListPage(state, context);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.id), cells: shownCells(shopListCells(row, context.timeZone), state.cols) }));
    return { rows, total: page.total };
  },
  allRows: (state, context) => selectShopListRows(state, context),
  cells: (row, { timeZone }) => shopListCells(row, timeZone, "csv"),
  csvInWorker: csvInWorker(csvCellsWriters.shopList, zoneOnly),
});

export function loadShopListPage(request: Request, signedIn: SignedIn) {
  return gridPageOrFailure(() => shopListGridModule.loadPage(request, signedIn), SHOP_LIST_LOAD_FAILURE, "Reading the Shop List failed");
}
