import { canSortBy, splitDerivedId } from "./column-layout";
import { addDays, isCalendarDate } from "./dates";
import {
  defaultColumns,
  GRID_PANELS,
  pageSizeLabel,
  type FilterOption,
  type GridDefinition,
  type GridFilter,
  type GridState,
  type SortDirection,
} from "./definition";
import { CURSOR_PARAM, cursorFingerprint, decodeCursor } from "./grid-cursor";
import { hasExplicitDates, TIME_ZONE_PARAM } from "./grid-zone";
import { querySearch } from "./query-parts";

/**
 * The grid's URL is its whole state (DESIGN.md §4). parseGridUrl reads any URL, however
 * hand-edited, into a valid state and says what it corrected; gridSearch writes a state back as
 * the canonical query (defaults left out). A loader redirects when the two differ, so the address
 * bar always shows the state the page shows.
 */

export const RESERVED_PARAMS = ["page", "size", "sort", "dir", "cols", "expanded", "panel", "from", "to", TIME_ZONE_PARAM, CURSOR_PARAM] as const;
export const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_PAGE = 1_000_000_000;

export interface ParseContext {
  /** Today in the user's time zone (YYYY-MM-DD): the latest date a range may reach. */
  today: string;
  /**
   * The zone the grid works in (grid-zone.ts): the URL's `tz` when it has explicit dates and names a
   * known zone, else the viewer's. Written back as `tz` beside explicit dates.
   */
  timeZone?: string;
  /** Filter options known only at run time (e.g. from configuration), by filter id. */
  options?: Readonly<Record<string, readonly FilterOption[]>>;
  /** Filters the server forces whatever the URL says (a provider-only user's provider). */
  locked?: Readonly<Record<string, string[]>>;
}

export interface ParsedGridUrl {
  state: GridState;
  /** What was corrected or ignored, in words for the user. */
  corrections: string[];
}

export function defaultDateRange(definition: GridDefinition, today: string): { from: string | null; to: string | null } {
  if (!definition.dateRange || definition.dateRange.defaultDays === null) return { from: null, to: null };
  return { from: addDays(today, -definition.dateRange.defaultDays), to: today };
}

export function defaultState(definition: GridDefinition, context: ParseContext): GridState {
  return {
    page: 1,
    size: definition.defaultPageSize,
    sort: definition.defaultSort?.column ?? null,
    dir: definition.defaultSort?.dir ?? "asc",
    cols: defaultColumns(definition, context.locked ?? {}),
    expanded: null,
    panel: null,
    ...defaultDateRange(definition, context.today),
    filters: { ...(context.locked ?? {}) },
    params: {},
  };
}

/** The direction a sort column gets when the URL names none. */
export function defaultDirection(definition: GridDefinition, sort: string | null): SortDirection {
  return definition.defaultSort && sort === definition.defaultSort.column ? definition.defaultSort.dir : "asc";
}

function optionsOf(filter: GridFilter, context: ParseContext): readonly FilterOption[] | undefined {
  if (filter.kind.type === "text") return undefined;
  return context.options?.[filter.id] ?? filter.kind.options;
}

/** One filter value, cleaned; null (with a reason) when it cannot be used. */
function cleanValue(filter: GridFilter, raw: string, context: ParseContext): { value: string } | { problem: string } | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  const kind = filter.kind;
  if (kind.type === "text") {
    if (kind.digits && !/^\d+$/.test(trimmed)) return { problem: `${filter.label} takes digits only ("${trimmed}" was ignored).` };
    if (kind.letters && !/^[A-Za-z]+$/.test(trimmed)) return { problem: `${filter.label} takes letters only ("${trimmed.slice(0, 40)}" was ignored).` };
    if (trimmed.length > kind.maxLength) {
      return { problem: `${filter.label} is at most ${kind.maxLength} characters ("${trimmed.slice(0, 40)}" was ignored).` };
    }
    const cased = kind.case === "upper" ? trimmed.toUpperCase() : kind.case === "lower" ? trimmed.toLowerCase() : trimmed;
    return { value: cased };
  }
  const value = kind.case === "lower" ? trimmed.toLowerCase() : trimmed;
  // A locked filter takes only its lock (checked by the caller): another value is "fixed", not unknown.
  const options = context.locked?.[filter.id] ? null : optionsOf(filter, context);
  if (options && !options.some((option) => option.value === value)) {
    return { problem: `${filter.label} has no option "${trimmed.slice(0, 40)}" (ignored).` };
  }
  return { value };
}

function parseFilters(definition: GridDefinition, params: URLSearchParams, context: ParseContext, corrections: string[]) {
  const filters: Record<string, string[]> = {};
  for (const filter of definition.filters) {
    const values: string[] = [];
    for (const raw of params.getAll(filter.id)) {
      const cleaned = cleanValue(filter, raw, context);
      if (!cleaned) continue;
      if ("problem" in cleaned) corrections.push(cleaned.problem);
      else if (!values.includes(cleaned.value)) values.push(cleaned.value);
    }
    if (filter.kind.type !== "multiSelect" && values.length > 1) {
      corrections.push(`${filter.label} takes one value; only "${values[0]}" was kept.`);
      values.length = 1;
    }
    const locked = context.locked?.[filter.id];
    if (locked) {
      if (values.length > 0 && values.join(",") !== locked.join(",")) {
        corrections.push(`${filter.label} is fixed for your account.`);
      }
      filters[filter.id] = [...locked];
    } else if (values.length > 0) {
      filters[filter.id] = values;
    }
  }
  return filters;
}

/** The grid's own parameters: each URL value parsed by its definition; defaults and a closed row's parameters left out. */
function parseParams(definition: GridDefinition, params: URLSearchParams, expanded: string | null, corrections: string[]) {
  const values: Record<string, string> = {};
  for (const param of definition.params ?? []) {
    const raw = params.get(param.id);
    if (raw === null || (param.withExpanded && expanded === null)) continue;
    const value = param.parse(raw.trim());
    if (value === null) corrections.push(`${param.label} "${raw.slice(0, 40)}" could not be used (ignored).`);
    else if (value !== param.defaultValue) values[param.id] = value;
  }
  return values;
}

function parseWholeNumber(raw: string | null): number | null {
  if (raw === null || !/^\d{1,12}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

function parseDates(definition: GridDefinition, params: URLSearchParams, context: ParseContext, corrections: string[]) {
  const defaults = defaultDateRange(definition, context.today);
  if (!definition.dateRange) {
    if (params.has("from") || params.has("to")) corrections.push("This grid has no date range (from/to ignored).");
    return defaults;
  }
  const read = (name: "from" | "to"): string | null => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") return null;
    if (!isCalendarDate(raw.trim())) {
      corrections.push(`"${raw.slice(0, 20)}" is not a date (YYYY-MM-DD); ${name} was reset.`);
      return null;
    }
    const date = raw.trim();
    if (date > context.today) {
      corrections.push(`Dates after today are not available; ${name} was set to today.`);
      return context.today;
    }
    return date;
  };
  let from = read("from");
  let to = read("to");
  const explicit = from !== null || to !== null ? ({ datesExplicit: true } as const) : {};
  to ??= from ? context.today : null;
  const { defaultDays } = definition.dateRange;
  // An open range keeps an open start: up to `to`.
  from ??= to && defaultDays !== null ? addDays(to, -defaultDays) : defaults.from;
  to ??= defaults.to;
  if (from && to && from > to) {
    corrections.push("The start date was after the end date; they were swapped.");
    [from, to] = [to, from];
  }
  const named = params.get(TIME_ZONE_PARAM)?.trim();
  // The zone was resolved from the URL before parsing (gridTimeZone): a `tz` it did not take is not a zone.
  if (named && context.timeZone && hasExplicitDates(params) && named.toLowerCase() !== context.timeZone.toLowerCase()) {
    corrections.push(`"${named.slice(0, 40)}" is not a time zone; the dates are read in ${context.timeZone}.`);
  }
  return context.timeZone ? { from, to, zone: context.timeZone, ...explicit } : { from, to, ...explicit };
}

/** The columns `cols` names: known ids without repeats; a derived id stands for its measure (said in a correction). */
function parseColumns(definition: GridDefinition, colsParam: string | null, filters: GridState["filters"], corrections: string[]): string[] {
  if (colsParam === null) return defaultColumns(definition, filters);
  const chosen: string[] = [];
  let leftOut = false;
  for (const id of colsParam
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const derived = splitDerivedId(definition, id);
    if (derived) {
      const measure = definition.columns.find((column) => column.id === derived.measureId);
      corrections.push(`Columns are chosen for every heading at once: "${id.slice(0, 60)}" was taken as ${measure?.label ?? derived.measureId}.`);
      if (!chosen.includes(derived.measureId)) chosen.push(derived.measureId);
    } else if (definition.columns.some((column) => column.id === id) && !chosen.includes(id)) {
      chosen.push(id);
    } else {
      leftOut = true;
    }
  }
  if (leftOut) corrections.push("Unknown columns were left out.");
  return chosen.length > 0 ? chosen : defaultColumns(definition, filters);
}

/** A cursor-paged grid's cursor, checked against the rest of the state; a bad one means the first page. */
function parseCursor(definition: GridDefinition, params: URLSearchParams, state: GridState, corrections: string[]): string | undefined {
  const raw = params.get(CURSOR_PARAM);
  if (raw === null || definition.paging !== "cursor") return undefined;
  if (decodeCursor(raw, cursorFingerprint(definition, state))) return raw;
  corrections.push("The link to this page no longer matches the list (it was changed or has expired); showing the first page.");
  return undefined;
}

export function parseGridUrl(definition: GridDefinition, params: URLSearchParams, context: ParseContext): ParsedGridUrl {
  const corrections: string[] = [];
  const cursorPaged = definition.paging === "cursor";
  const known = new Set<string>([
    ...RESERVED_PARAMS.filter((name) => name !== CURSOR_PARAM || cursorPaged),
    ...definition.filters.map((filter) => filter.id),
    ...(definition.params ?? []).map((param) => param.id),
  ]);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) corrections.push(`"${name.slice(0, 40)}" is not a filter of this grid (ignored).`);
  }

  const page = cursorPaged ? 1 : parseWholeNumber(params.get("page"));
  if (cursorPaged && params.has("page")) corrections.push("This list has no page numbers (page ignored).");
  else if (params.has("page") && (page === null || page < 1)) corrections.push("The page number was not valid; showing page 1.");

  const size = parseWholeNumber(params.get("size"));
  const sizeOk = size !== null && definition.pageSizes.includes(size);
  if (params.has("size") && !sizeOk) corrections.push(`Rows per page can be ${definition.pageSizes.map(pageSizeLabel).join(", ")}.`);

  // The grid's own parameters decide which derived columns exist (and so what can be sorted); their corrections come last.
  const expandedParam = params.get("expanded");
  const expanded = expandedParam !== null && ROW_ID.test(expandedParam) ? expandedParam : null;
  const paramCorrections: string[] = [];
  const ownParams = parseParams(definition, params, expanded, paramCorrections);

  let sort = definition.defaultSort?.column ?? null;
  const sortParam = params.get("sort");
  if (sortParam !== null) {
    if (canSortBy(definition, ownParams, context.today, sortParam)) sort = sortParam;
    else corrections.push(`"${sortParam.slice(0, 40)}" cannot be sorted on; the default order is used.`);
  }
  const dirParam = params.get("dir");
  let dir = defaultDirection(definition, sort);
  if (dirParam === "asc" || dirParam === "desc") {
    if (sort) dir = dirParam;
  } else if (dirParam !== null) {
    corrections.push("The sort direction is asc or desc.");
  }
  // The columns are read after the filters (their defaults depend on them); their corrections are said here, in the usual order.
  const columnCorrectionsAt = corrections.length;

  if (expandedParam !== null && expanded === null) corrections.push("The expanded row was not valid.");

  const panelParam = params.get("panel");
  const panel = GRID_PANELS.find((candidate) => candidate === panelParam) ?? null;
  if (panelParam !== null && panel === null) corrections.push("The panel to open was not valid.");

  const dates = parseDates(definition, params, context, corrections);
  const filters = parseFilters(definition, params, context, corrections);
  const columnCorrections: string[] = [];
  const cols = parseColumns(definition, params.get("cols"), filters, columnCorrections);
  corrections.splice(columnCorrectionsAt, 0, ...columnCorrections);
  const state: GridState = {
    page: page !== null && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    size: sizeOk ? size : definition.defaultPageSize,
    sort,
    dir,
    cols,
    expanded,
    panel,
    ...dates,
    filters,
    params: ownParams,
  };
  corrections.push(...paramCorrections);
  const cursor = parseCursor(definition, params, state, corrections);
  return { state: cursor === undefined ? state : { ...state, cursor }, corrections };
}

/** The canonical query string of a state ("" for all defaults), without the leading "?". */
export function gridSearch(definition: GridDefinition, state: GridState, context: Pick<ParseContext, "today">): string {
  const params = new URLSearchParams();
  for (const filter of definition.filters) {
    for (const value of state.filters[filter.id] ?? []) params.append(filter.id, value);
  }
  const dates = defaultDateRange(definition, context.today);
  if (definition.dateRange && (state.datesExplicit || state.from !== dates.from || state.to !== dates.to)) {
    if (state.from) params.set("from", state.from);
    if (state.to) params.set("to", state.to);
    if (state.zone) params.set(TIME_ZONE_PARAM, state.zone);
  }
  if (state.sort !== (definition.defaultSort?.column ?? null) && state.sort) params.set("sort", state.sort);
  if (state.sort && state.dir !== defaultDirection(definition, state.sort)) params.set("dir", state.dir);
  if (state.size !== definition.defaultPageSize) params.set("size", String(state.size));
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.cursor && definition.paging === "cursor") params.set(CURSOR_PARAM, state.cursor);
  if (state.cols.join(",") !== defaultColumns(definition, state.filters).join(",")) params.set("cols", state.cols.join(","));
  if (state.expanded) params.set("expanded", state.expanded);
  if (state.panel) params.set("panel", state.panel);
  for (const param of definition.params ?? []) {
    const value = state.params[param.id];
    if (value !== undefined && value !== param.defaultValue && (state.expanded || !param.withExpanded)) params.set(param.id, value);
  }
  // Commas are legal in a query; keeping them makes `cols=a,b` readable in the address bar.
  return querySearch(params);
}

/** A link to the grid in another state: the URL carries everything, so this is all a no-JS link needs. */
export function gridHref(definition: GridDefinition, state: GridState, context: Pick<ParseContext, "today">): string {
  const search = gridSearch(definition, state, context);
  return search ? `${definition.path}?${search}` : definition.path;
}

/** Moves to a page that exists: past the last page shows the last one. */
export function clampPage(state: GridState, total: number): GridState {
  const lastPage = Math.max(1, Math.ceil(total / state.size));
  return state.page > lastPage ? { ...state, page: lastPage } : state;
}
