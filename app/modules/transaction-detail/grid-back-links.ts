import type { GridView } from "~/grid/grid-view";
import { BACK_PARAM, gridBack, type DetailKind } from "./detail-kinds";

/** A grid page whose detail links carry the grid's own path and query as `back`, so Back returns to exactly this page. */
export function withBackLinks<Detail>(view: GridView<Detail>, kind: DetailKind): GridView<Detail> {
  const back = new URLSearchParams({ [BACK_PARAM]: gridBack(kind, view.search) }).toString();
  return {
    ...view,
    rows: view.rows.map((row) =>
      row.links ? { ...row, links: Object.fromEntries(Object.entries(row.links).map(([column, href]) => [column, `${href}?${back}`])) } : row,
    ),
  };
}
