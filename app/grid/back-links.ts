import type { GridView } from "./grid-view";

/** The search parameter that carries the grid (path and query) a detail view was opened from. */
export const BACK_PARAM = "back";

/** A grid's path and canonical query: what its detail links carry as `back`. */
export function gridAddress(gridPath: string, search: string): string {
  return search ? `${gridPath}?${search}` : gridPath;
}

/** A grid page whose detail links carry the grid's own path and query as `back`, so Back returns to exactly this page. */
export function withBackLinks<Detail>(view: GridView<Detail>, gridPath: string): GridView<Detail> {
  const back = new URLSearchParams({ [BACK_PARAM]: gridAddress(gridPath, view.search) }).toString();
  return {
    ...view,
    rows: view.rows.map((row) =>
      row.links ? { ...row, links: Object.fromEntries(Object.entries(row.links).map(([column, href]) => [column, `${href}?${back}`])) } : row,
    ),
  };
}
