import type { FilterOption, GridState } from "./definition";

/**
 * What a grid loader hands to the grid component (client-safe). Cells are the values as shown,
 * formatted on the server (dates in the user's zone), so the server render and hydration agree.
 */
export interface GridRow {
  id: string;
  /** The displayed value of each column, by column id. */
  cells: Record<string, string>;
  /** Cells that are links (e.g. Request ID to its detail route), by column id. */
  links?: Record<string, string>;
  /**
   * Heat-map shading of cells by value, 1 (lightest) to 4, by column id (the adoption report's heat
   * map); a cell without a level is not shaded.
   */
  shades?: Record<string, number>;
  /** Grayed rows (test shops). */
  muted?: boolean;
  /** Hidden fields each of the row's action forms sends, e.g. the row's version as read (a stale action is refused). */
  actionFields?: Record<string, string>;
}

/** A cursor-paged grid's way around (see grid-cursor.ts). */
export interface CursorPaging {
  /** Rows before this page (shown as '41–60 of N' when the total is known). */
  start: number;
  /** The previous page: a cursor, or the first page (cursor null); null on the first page. */
  previous: { cursor: string | null } | null;
  /** The next page's cursor; null on the last page. */
  next: string | null;
}

export interface GridView<Detail> {
  state: GridState;
  /** Today in the user's time zone: the latest date the range may reach. */
  today: string;
  /** The zone the dates are in (a shared URL's tz, else the user's one zone), named by the date chip. */
  timeZone?: string;
  /** The number of matching rows; null when a cursor-paged source does not count them. */
  total: number | null;
  /** Cursor paging only (GridDefinition.paging). */
  cursor?: CursorPaging;
  rows: GridRow[];
  /** Filter options known at run time, by filter id (static ones are in the definition). */
  options: Record<string, FilterOption[]>;
  /** Filters fixed for this user (a provider-only user's provider): no remove link, input disabled. */
  locked: Record<string, string[]>;
  /** The canonical query of this page, without "?". */
  search: string;
  /** The expanded row's details, when a row is expanded and the user may see it. */
  detail: Detail | null;
  /** The intents of the grid's actions this user may use (the server checks each again). */
  actions?: string[];
  /** What else the page offers this user, by name (GridContext.offers). */
  offers?: Readonly<Record<string, boolean>>;
  /** What was corrected in the URL that led here, shown once beside the grid. */
  corrections?: string[];
}
