import { addressOnlyParams, type GridDefinition } from "./definition";
import type { GridView } from "./grid-view";
import { withoutParams } from "./query-parts";

/** The search parameter that carries the grid (path and query) a detail view was opened from. */
export const BACK_PARAM = "back";

/** A grid's path and canonical query: what its detail links carry as `back`. */
export function gridAddress(gridPath: string, search: string): string {
  return search ? `${gridPath}?${search}` : gridPath;
}

/**
 * A grid page whose detail links carry the grid's own path and query as `back`, so Back returns to
 * this page; without its address-only switches (trust=Y): a detail view's address is shared and
 * kept apart from the grid, so it must not bring one back (decision 0063).
 */
export function withBackLinks<Detail>(view: GridView<Detail>, definition: GridDefinition): GridView<Detail> {
  const search = withoutParams(view.search, addressOnlyParams(definition));
  const back = new URLSearchParams({ [BACK_PARAM]: gridAddress(definition.path, search) }).toString();
  return {
    ...view,
    rows: view.rows.map((row) =>
      row.links ? { ...row, links: Object.fromEntries(Object.entries(row.links).map(([column, href]) => [column, `${href}?${back}`])) } : row,
    ),
  };
}
