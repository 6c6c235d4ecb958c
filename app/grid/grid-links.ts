import { CSV_HEADER_PARAM, TWO_ROW_HEADER } from "./csv-header";
import { addressOnlyParams, defaultColumns, expandedRowParams, type GridDefinition, type GridPanel, type GridState } from "./definition";
import { FORM_PARAMS } from "./form-params";
import { querySearch, withoutParams } from "./query-parts";
import { defaultDirection, gridHref } from "./url-state";

/**
 * Every link of a grid is the grid's URL in another state (DESIGN.md §4), so it works without
 * JavaScript. Changing what rows are shown (sort, page size, filters) goes back to page 1 (or drops
 * the cursor) and closes the expanded row; every link but a panel's own closes the open toolbar panel.
 */
export interface GridLinks {
  definition: GridDefinition;
  state: GridState;
  today: string;
}

/**
 * A link to the grid in another state. The bare grid URL brings back the remembered query, so a
 * link to the defaults (whose canonical URL is bare) goes through Clear instead.
 */
function href(links: GridLinks, patch: Partial<GridState>): string {
  const next = { ...links.state, panel: null, ...patch };
  // Another row (or none): the open section of the row that was expanded does not carry over.
  if (patch.expanded !== undefined && patch.expanded !== links.state.expanded) {
    const rowParams = expandedRowParams(links.definition);
    next.params = Object.fromEntries(Object.entries(next.params).filter(([id]) => !rowParams.includes(id)));
  }
  const target = gridHref(links.definition, next, { today: links.today });
  return target === links.definition.path ? clearHref(links.definition) : target;
}

export function sortHref(links: GridLinks, columnId: string): string {
  const { state, definition } = links;
  const dir = state.sort === columnId ? (state.dir === "asc" ? "desc" : "asc") : defaultDirection(definition, columnId);
  return href(links, { sort: columnId, dir, page: 1, cursor: undefined, expanded: null });
}

export function ariaSort(state: GridState, columnId: string): "ascending" | "descending" | "none" {
  if (state.sort !== columnId) return "none";
  return state.dir === "asc" ? "ascending" : "descending";
}

export function pageHref(links: GridLinks, page: number): string {
  return href(links, { page, expanded: null });
}

export function sizeHref(links: GridLinks, size: number): string {
  return href(links, { size, page: 1, cursor: undefined, expanded: null });
}

/** A cursor-paged grid's page that a cursor opens, or its first page (cursor null). */
export function cursorHref(links: GridLinks, cursor: string | null): string {
  return href(links, { cursor: cursor ?? undefined, expanded: null });
}

/** Opens a row's details, or closes them (rowId null). */
export function expandHref(links: GridLinks, rowId: string | null): string {
  return href(links, { expanded: rowId });
}

/** The grid without one value of a filter (or all its values when value is null). */
export function withoutFilterHref(links: GridLinks, filterId: string, value: string | null): string {
  const filters = { ...links.state.filters };
  const kept = value === null ? [] : (filters[filterId] ?? []).filter((candidate) => candidate !== value);
  if (kept.length > 0) filters[filterId] = kept;
  else delete filters[filterId];
  // Default columns stay the defaults, which may depend on the filters (the Shop List's Provider without a provider).
  const { definition, state } = links;
  const cols = state.cols.join(",") === defaultColumns(definition, state.filters).join(",") ? defaultColumns(definition, filters) : state.cols;
  return href(links, { filters, cols, page: 1, cursor: undefined, expanded: null });
}

/** Opens a toolbar panel, or closes it (panel null). */
export function panelHref(links: GridLinks, panel: GridPanel | null): string {
  return href(links, { panel });
}

export function clearHref(definition: GridDefinition): string {
  return `${definition.path}?${FORM_PARAMS.clear}=1`;
}

/** The query without the open panel: what Refresh, a bulk action's way back and the export keep. */
function withoutPanel(search: string): string {
  return withoutParams(search, ["panel"]);
}

/** This very page (panels closed), for Refresh and for coming back after a bulk action (defaults go through Clear). */
export function gridPageHref(definition: GridDefinition, search: string): string {
  const query = withoutPanel(search);
  return query ? `${definition.path}?${query}` : clearHref(definition);
}

/**
 * The CSV export of the same query (the CSV route streams every matching row). A download is an
 * address of its own, kept and shared apart from the page: it does not carry the page's
 * address-only switches (trust=Y), which change no row of it.
 */
export function exportHref(definition: GridDefinition, search: string): string {
  const query = withoutParams(withoutPanel(search), addressOnlyParams(definition));
  return query ? `${definition.path}.csv?${query}` : `${definition.path}.csv`;
}

/** A grouped grid's export with the screen's two header rows (csv-header.ts). */
export function twoRowExportHref(definition: GridDefinition, search: string): string {
  return paramHref(exportHref(definition, search), CSV_HEADER_PARAM, TWO_ROW_HEADER);
}

/** An address with one query parameter set to a value (last), or without it (null): the others kept, in the grid's readable spelling. */
export function paramHref(href: string, name: string, value: string | null): string {
  const queryAt = href.indexOf("?");
  const path = queryAt < 0 ? href : href.slice(0, queryAt);
  const params = new URLSearchParams(withoutParams(queryAt < 0 ? "" : href.slice(queryAt + 1), [name]));
  if (value !== null) params.set(name, value);
  const search = querySearch(params);
  return search ? `${path}?${search}` : path;
}
