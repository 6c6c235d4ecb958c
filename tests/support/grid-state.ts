import type { GridState } from "~/grid/definition";

/**
 * A grid's state builder for query tests: the first page of 20, descending, no columns chosen, no
 * row expanded, no filters; `base` gives the grid's own sort column and date window, and each call
 * patches what a test varies.
 */
export function gridStateWith(base: Pick<GridState, "sort" | "from" | "to">): (patch?: Partial<GridState>) => GridState {
  return (patch = {}) => ({
    page: 1,
    size: 20,
    dir: "desc",
    cols: [],
    expanded: null,
    panel: null,
    filters: {},
    params: {},
    ...base,
    ...patch,
  });
}
