/**
 * A grid definition: everything the URL-first grid engine needs to know about one screen's grid
 * (DESIGN.md §4). Client-safe: no queries here; each area's *.server.ts maps ids to columns.
 */
export type SortDirection = "asc" | "desc";

export interface GridColumn {
  /** Stable id: used in `cols`, `sort` and CSV headers order. */
  id: string;
  label: string;
  defaultVisible: boolean;
  sortable: boolean;
}

/** How a filter's URL values are read and checked. */
export type FilterKind =
  /** Free text, trimmed; `digits` allows only 0-9; `case` forces a case. */
  | { type: "text"; maxLength: number; digits?: boolean; case?: "upper" | "lower" }
  /** One value out of a list (static here, or given at parse time when it comes from configuration). */
  | { type: "select"; options?: readonly FilterOption[]; case?: "lower" }
  /**
   * Several values out of a list; the URL repeats the parameter. `selectAll` offers Select all,
   * Unselect all and Clear beside the list (long lists such as shops).
   */
  | { type: "multiSelect"; options?: readonly FilterOption[]; case?: "lower"; selectAll?: boolean };

export interface FilterOption {
  value: string;
  label: string;
}

export interface GridFilter {
  /** The URL parameter, named after the field. */
  id: string;
  label: string;
  kind: FilterKind;
}

export interface DateRangeSpec {
  /** The chip's label, e.g. 'Scan Date'. */
  label: string;
  /** Default: this many days back to today. */
  defaultDays: number;
}

export interface GridDefinition {
  id: string;
  /** The grid's own path, e.g. /transactions. */
  path: string;
  title: string;
  columns: readonly GridColumn[];
  filters: readonly GridFilter[];
  defaultSort: { column: string; dir: SortDirection } | null;
  pageSizes: readonly number[];
  defaultPageSize: number;
  dateRange?: DateRangeSpec;
}

/** A toolbar panel that is open: the Add Filter menu or the column chooser. */
export type GridPanel = "filters" | "columns";
export const GRID_PANELS: readonly GridPanel[] = ["filters", "columns"];

/** The whole state of a grid, as read from (and written to) its URL. */
export interface GridState {
  page: number;
  size: number;
  sort: string | null;
  dir: SortDirection;
  /** Visible columns, in order. */
  cols: string[];
  expanded: string | null;
  /**
   * The open toolbar panel. Its forms (every filter with every option, every column) are rendered
   * only while it is open, so an ordinary page carries none of them.
   */
  panel: GridPanel | null;
  /** YYYY-MM-DD in the user's time zone, inclusive; null when the grid has no date range. */
  from: string | null;
  to: string | null;
  /** Filter id → values (one for text and select, several for multiSelect). */
  filters: Record<string, string[]>;
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

export function defaultColumns(definition: GridDefinition): string[] {
  return definition.columns.filter((column) => column.defaultVisible).map((column) => column.id);
}
