import type { GridParam } from "./definition";

/**
 * `drill=Y`, the mark of a drill-through: a link from another screen's number (a KPI card, an
 * Adoption report cell) to the grid rows behind it. The grid shows those rows as any address
 * would, but does not remember the query while the address holds the mark, so the user's own
 * remembered query is what a bare visit (the menu, the next sign-in) brings back (decision 0065).
 * The mark stays in the canonical address, so a drill-through is still bookmarkable and shared
 * as it is; Clear or a bare visit leaves it.
 */
export const DRILL_PARAM = "drill";
export const DRILL_ON = "Y";

export const drillThrough: GridParam = {
  id: DRILL_PARAM,
  label: "Drill-through",
  parse: (raw) => (raw === DRILL_ON ? DRILL_ON : null),
  drillThrough: true,
};
