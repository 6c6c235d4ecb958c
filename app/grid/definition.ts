import type { GridActionDefinition } from "./grid-actions";

/**
 * A grid definition: everything the URL-first grid engine needs to know about one screen's grid
 * (DESIGN.md §4). Client-safe: no queries here; each area's *.server.ts maps ids to columns.
 */
export type SortDirection = "asc" | "desc";

/**
 * How wide a column's cells may grow before their text is cut (the full value shows on hover and in
 * the expanded row), so a grid's default columns fit a 1280 px window on one line each:
 * `id` short numbers, `year` four digits, `short` a word or two, `medium` (default) names,
 * `wide` long text, `code` a VIN-like code, `dateTime` a date and time (its value the CSV's
 * "YYYY-MM-DD HH:mm:ss" in the grid's zone, shown in the column's DateStyle, to the second on hover).
 */
/** A column's width class (grid.css): `name` is a name that gives way to a row's action buttons. */
export type ColumnWidth = "id" | "year" | "short" | "medium" | "name" | "wide" | "wider" | "code" | "dateTime";

export interface GridColumn<Id extends string = string> {
  /** Stable id: used in `cols`, `sort` and CSV headers order. */
  id: Id;
  label: string;
  defaultVisible: boolean;
  /**
   * Shown by default (like defaultVisible) while this filter has no value: the Shop List's
   * Provider while it lists every provider's registrations, where one shop can be several rows.
   */
  defaultVisibleWithout?: string;
  sortable: boolean;
  width?: ColumnWidth;
  /** Numbers and amounts are right-aligned. */
  align?: "end";
  /** How a `dateTime` cell writes its date (DateStyle); "table" when not given. */
  dateStyle?: DateStyle;
}

/**
 * How a `dateTime` cell writes its date (decision 0070): "table" 23-Nov-26 05:47 PM, the specs'
 * tables (DD-MMM-YY hh:mm A), or "configuration" Nov 23, 2026 05:47:04 PM, the Configurations
 * screen's (MMM DD, YYYY hh:mm:ss A). The cell's title has it to the second; the CSV writes the
 * value itself (YYYY-MM-DD HH:mm:ss), its header naming the zone.
 */
export type DateStyle = "table" | "configuration";

/** How a filter's URL values are read and checked. */
export type FilterKind =
  /** Free text, trimmed; `digits` allows only 0-9, `letters` only A-Z (either case); `case` forces a case. */
  | { type: "text"; maxLength: number; digits?: boolean; letters?: boolean; case?: "upper" | "lower" }
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

export interface GridFilter<Id extends string = string> {
  /** The URL parameter, named after the field. */
  id: Id;
  label: string;
  kind: FilterKind;
  /** A hint inside an empty text box, e.g. what a search looks in. */
  placeholder?: string;
  /**
   * `false`: the grid's remembered query never holds this filter, because a preference of its own
   * fills it on a bare visit (the provider of the screens that open on the preferred provider,
   * app/modules/providers/preferred-provider.server.ts, decision 0065).
   */
  remembered?: false;
}

export interface DateRangeSpec {
  /** The chip's label, e.g. 'Scan Date'. */
  label: string;
  /** Default: this many days back to today; null: every date until the URL names a day (an open range). */
  defaultDays: number | null;
}

/**
 * A URL parameter the grid owns beside its filters (a months range, a required provider, a
 * switch such as `trust=Y`, the open section of an expanded row): it stays in the canonical URL.
 */
export interface GridParam {
  id: string;
  /** Names the parameter in corrections, e.g. 'Months'. */
  label: string;
  /** The canonical value of a URL value; null when it cannot be used (dropped, visibly). */
  parse(raw: string): string | null;
  /** The value when the URL names none; left out of the URL. */
  defaultValue?: string;
  /**
   * Belongs to the expanded row (e.g. which of its sections is open): kept only while a row is
   * expanded, dropped by any link that closes or changes the row, and never remembered.
   */
  withExpanded?: boolean;
  /**
   * `false`: a switch only the address may hold (the trust actions' `trust=Y`, which unlocks
   * destructive actions): never remembered (a stored query that holds it is read without it), and
   * left out of every address that leaves the page (the CSV export, detail views' way back). The
   * page's own links (sort, paging, filters, row expansion, the way back after an action) keep it
   * while the address has it (decision 0063).
   */
  remembered?: false;
  /**
   * `true`: the address shows the rows behind another screen's number (a dashboard figure's
   * drill-through, drill-through.ts): while the address holds this parameter the grid does not
   * remember its query, so the user's own remembered query stays what a bare visit brings back.
   * The page's own links and forms keep it, and so does the way back from a row's details.
   */
  drillThrough?: true;
}

/** A header over several columns, e.g. the adoption report's 'Jul 2026'. */
export interface GridColumnGroup {
  /** URL-safe (letters, digits, '-' and '_'): derived column ids are `<group id>.<column id>`. */
  id: string;
  label: string;
}

/**
 * Columns repeated under groups the URL chooses (the adoption report's months): the grid shows its
 * other columns first, then, for every group, each chosen measure as `<group id>.<measure id>`.
 * The column chooser and `cols` name the measures once; `sort` names one group's sub-column.
 */
export interface GridColumnGroups {
  /** Ids of `columns` that are measures: shown under every group, never on their own. */
  measures: readonly string[];
  /** The groups the grid's own parameters select (defaults filled in), in order. */
  groupsFor(input: { params: Readonly<Record<string, string>>; today: string }): readonly GridColumnGroup[];
  /**
   * The header over the row fields (the adoption report's 'Shop'): the row fields then sit under a
   * group of their own, so no header cell of the top row is empty (mantine-react-table would put
   * an empty placeholder above each row field; axe: empty-table-header).
   */
  fieldsLabel?: string;
}

/** Offset paging shows page numbers; cursor paging follows opaque cursors (First, Previous, Next). */
export type GridPaging = "offset" | "cursor";

/**
 * `ColumnId` and `FilterId` are the grid's ids as literal types when it is declared with
 * gridDefinition(): its column bindings and cells are keyed by them, so a missing or misspelt id is
 * a type error. Code that serves any grid takes the plain GridDefinition (string ids).
 */
export interface GridDefinition<ColumnId extends string = string, FilterId extends string = string> {
  id: string;
  /** The grid's own path, e.g. /transactions. */
  path: string;
  title: string;
  /** The export's file name when the spec names one (e.g. Registered-Shop-List.csv); else the title and today. */
  csvFileName?: string;
  /** The export button's words when the spec names them (the adoption report's 'Export report'); else 'Export'. */
  exportLabel?: string;
  columns: readonly GridColumn<ColumnId>[];
  filters: readonly GridFilter<FilterId>[];
  defaultSort: { column: ColumnId; dir: SortDirection } | null;
  pageSizes: readonly number[];
  defaultPageSize: number;
  dateRange?: DateRangeSpec;
  /** URL parameters of the grid's own (see GridParam). */
  params?: readonly GridParam[];
  /** Measures repeated under groups derived from the grid's own parameters (see GridColumnGroups). */
  columnGroups?: GridColumnGroups;
  /** "offset" when not given. */
  paging?: GridPaging;
  /**
   * The default columns are wider than a laptop's window by design (the adoption report's five
   * measures under each month): the table scrolls sideways inside a keyboard-focusable region and
   * its row fields stay pinned on the left while the rest scrolls (column-pinning.ts).
   */
  wide?: boolean;
  /**
   * Columns the CSV writes even while the screen hides them (the adoption report's row fields: the
   * export is the whole report, where the screen shows what fits): after the shown ones, in the
   * definition's order.
   */
  exportedAlways?: readonly ColumnId[];
  /**
   * The audit log's name of the grid's records (e.g. "provider"): a write of the grid refused for
   * its own permission is recorded under it (decision 0087); the grid's id when not given.
   */
  auditEntity?: string;
  /** The grid's writes: buttons and forms posting an intent to the grid page (grid-actions.ts). */
  actions?: readonly GridActionDefinition[];
  /**
   * Rows have checkboxes even while no action of this user's acts on them (a screen whose spec asks
   * for multi-row selection); a bulk action or a selection action gives them checkboxes anyway.
   */
  selectableRows?: boolean;
  /**
   * The id of a text filter the toolbar shows as a search box over the table (a GET form of its
   * own) instead of in the Add Filter menu; it is a URL parameter and a chip like any filter.
   */
  searchFilter?: FilterId;
}

/**
 * Declares a grid with its column and filter ids as literal types (ColumnIdOf, FilterIdOf): the
 * ids are read from `columns` and `filters` only, so a default sort, an always-exported column or
 * a search filter that names no column or filter is a type error.
 */
export function gridDefinition<const ColumnId extends string, const FilterId extends string>(
  definition: Omit<GridDefinition<ColumnId, FilterId>, "defaultSort" | "exportedAlways" | "searchFilter"> & {
    defaultSort: { column: NoInfer<ColumnId>; dir: SortDirection } | null;
    exportedAlways?: readonly NoInfer<ColumnId>[];
    searchFilter?: NoInfer<FilterId>;
  },
): GridDefinition<ColumnId, FilterId> {
  return definition;
}

/** A grid's columns declared apart from its definition, their ids kept as literal types. */
export function gridColumns<const Id extends string>(columns: readonly GridColumn<Id>[]): readonly GridColumn<Id>[] {
  return columns;
}

/** A grid's filters declared apart from its definition, their ids kept as literal types. */
export function gridFilters<const Id extends string>(filters: readonly GridFilter<Id>[]): readonly GridFilter<Id>[] {
  return filters;
}

/** A declared grid's column ids. */
export type ColumnIdOf<Definition> = Definition extends GridDefinition<infer ColumnId, string> ? ColumnId : never;
/** A declared grid's filter ids. */
export type FilterIdOf<Definition> = Definition extends GridDefinition<string, infer FilterId> ? FilterId : never;
/** A grid's cells as its page and its export write them: one text per column id. */
export type GridCells<Definition> = Record<ColumnIdOf<Definition>, string>;

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
  /** The zone from/to are days of (grid-zone.ts); written to the URL as `tz` beside explicit dates. */
  zone?: string;
  /**
   * The URL named its days (from/to), even days equal to today's default range: they stay in the
   * canonical URL, so a shared or bookmarked link keeps its days tomorrow (decision 0032).
   */
  datesExplicit?: true;
  /** Filter id → values (one for text and select, several for multiSelect). */
  filters: Record<string, string[]>;
  /** The grid's own parameters that differ from their defaults, by id (GridDefinition.params). */
  params: Record<string, string>;
  /** Cursor paging only: where the page starts (grid-cursor.ts); absent on the first page. */
  cursor?: string;
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The page size a grid offers as 'All' (the adoption report: spec §9, "all (sent as 10000)"). */
export const ALL_ROWS_PAGE_SIZE = 10_000;

/** How a page size is named: 'All' for ALL_ROWS_PAGE_SIZE. */
export function pageSizeLabel(size: number): string {
  return size === ALL_ROWS_PAGE_SIZE ? "All" : String(size);
}

/** The grid's own parameters that belong to the expanded row. */
export function expandedRowParams(definition: GridDefinition): string[] {
  return (definition.params ?? []).filter((param) => param.withExpanded).map((param) => param.id);
}

/** The grid's own parameters that only the address may hold (GridParam.remembered false). */
export function addressOnlyParams(definition: GridDefinition): string[] {
  return (definition.params ?? []).filter((param) => param.remembered === false).map((param) => param.id);
}

/** The grid's own parameters that mark a drill-through (GridParam.drillThrough). */
export function drillThroughParams(definition: GridDefinition): string[] {
  return (definition.params ?? []).filter((param) => param.drillThrough).map((param) => param.id);
}

/**
 * What a remembered query never holds: the expanded row's parameters, the address-only and
 * drill-through ones, and the filters another preference fills (GridFilter.remembered).
 */
export function unrememberedParams(definition: GridDefinition): string[] {
  const filters = definition.filters.filter((filter) => filter.remembered === false).map((filter) => filter.id);
  return [...expandedRowParams(definition), ...addressOnlyParams(definition), ...drillThroughParams(definition), ...filters];
}

/** The columns shown when the URL names none, for the state's filters (GridColumn.defaultVisibleWithout). */
export function defaultColumns(definition: GridDefinition, filters: GridState["filters"] = {}): string[] {
  const shown = (column: GridColumn) => column.defaultVisible || (column.defaultVisibleWithout !== undefined && !filters[column.defaultVisibleWithout]?.length);
  return definition.columns.filter(shown).map((column) => column.id);
}
