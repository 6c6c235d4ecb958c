import { DataGrid } from "~/grid/components/data-grid";
import { GridLoadFailureAlert } from "~/grid/components/grid-load-failure";
import type { GridView } from "~/grid/grid-view";
import { isGridLoadFailure, type GridLoadFailure } from "~/grid/load-failure";
import { shopListGrid } from "~/modules/shop-list/grid";

/** The Shop List, or the failure words in its place when the shops could not be read. */
export function ShopListGrid({ page }: { page: GridView<never> | GridLoadFailure }) {
  if (isGridLoadFailure(page)) return <GridLoadFailureAlert failure={page} />;
  return <DataGrid definition={shopListGrid} view={page} />;
}
