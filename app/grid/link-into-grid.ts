import type { FilterIdOf, GridDefinition, GridState } from "./definition";
import { DRILL_ON, DRILL_PARAM } from "./drill-through";
import { clearHref } from "./grid-links";
import { defaultState, gridHref } from "./url-state";

/** Explicit days of the grid's date range, read in a named zone (the grid's `tz`). */
export interface LinkedDays {
  from: string;
  to: string;
  zone: string;
}

/** What another screen's link asks of a grid: filter values by the grid's own filter ids. */
export interface GridLinkRequest<FilterId extends string> {
  filters: Partial<Record<FilterId, string | number | readonly (string | number)[] | null | undefined>>;
  days?: LinkedDays;
  /** A drill-through (drill-through.ts): the grid shows the rows without remembering the query. */
  drillThrough?: boolean;
}

/**
 * A link from another screen (a dashboard's number, a report's cell) into a grid, written by the
 * grid's own URL builder: its canonical address, so the grid opens on it without a redirect, and
 * filters named by the grid's ids, so a filter it does not have is a type error.
 */
export function linkIntoGrid<Definition extends GridDefinition<string, string>>(
  definition: Definition,
  request: GridLinkRequest<FilterIdOf<Definition>>,
  today: string,
): string {
  const filters: GridState["filters"] = {};
  for (const [id, value] of Object.entries(request.filters) as [string, GridLinkRequest<string>["filters"][string]][]) {
    const values = value === null || value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
    if (values.length > 0) filters[id] = values;
  }
  const state: GridState = {
    ...defaultState(definition, { today }),
    filters,
    ...(request.days ? { from: request.days.from, to: request.days.to, zone: request.days.zone, datesExplicit: true } : {}),
    params: request.drillThrough ? { [DRILL_PARAM]: DRILL_ON } : {},
  };
  const href = gridHref(definition, state, { today });
  // The bare address brings back the user's remembered query: a link to the defaults says so.
  return href === definition.path ? clearHref(definition) : href;
}
