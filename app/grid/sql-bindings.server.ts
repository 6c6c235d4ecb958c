import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { getDatabase } from "~/db/db.server";
import { utcDayBounds } from "./dates";
import type { ColumnIdOf, FilterIdOf, GridDefinition, GridState } from "./definition";
import { containsText, startsWith } from "./text-match.server";

/**
 * A grid's column bindings (DESIGN.md §4): for each column or filter id, spelled once, its SQL
 * expression, how a filter on it matches and whether it sorts. The grid's query reads its
 * conditions and its order from the table instead of a hand-written chain per grid.
 */
export type FilterMatch =
  /** Equal to the value (after `stored`). */
  | "exact"
  /** Starts with the value, written so that an index on the column serves it. */
  | "prefix"
  /** Contains the value, ignoring case. */
  | "contains"
  /** One of the values (a multi-select). */
  | "list";

/** A condition of its own, for filters no match above describes (a subquery, an index trick). */
export type CustomFilter<Context> = (values: readonly string[], column: RawBuilder<unknown>, context: Context) => Expression<SqlBool>;

export interface SqlBinding<Context = undefined> {
  /** The column's SQL expression as Kysely names it, e.g. "sr.vin" or "p.providerName". */
  sql: string;
  filter?: FilterMatch | CustomFilter<Context>;
  /** The stored value of a URL value (numbers, zero-padded licence numbers, Y/N as 1/0). */
  stored?: (value: string, context: Context) => string | number;
  /** False for a column that must not be sorted by its expression (the definition decides which are sortable). */
  sortable?: boolean;
}

/** Bindings as the query code reads them, by any id (an id may have none: GridBindings decides which must). */
export type SqlBindings<Context = undefined> = Readonly<Partial<Record<string, SqlBinding<Context>>>>;

/**
 * A declared grid's bindings (gridDefinition), keyed by its ids, so a missing or misspelt binding
 * is a type error rather than an empty grid at query time: one for every filter and every column,
 * but the columns the grid names as `Unbound` (columns that never sort, such as computed measures),
 * which may have one.
 */
export type GridBindings<Definition, Context = undefined, Unbound extends ColumnIdOf<Definition> = never> = Readonly<
  Record<FilterIdOf<Definition> | Exclude<ColumnIdOf<Definition>, Unbound>, SqlBinding<Context>> & Partial<Record<Unbound, SqlBinding<Context>>>
>;

export const asNumber = (value: string): number => Number(value);

function sortsBy<Context>(binding: SqlBinding<Context> | undefined): boolean {
  return binding !== undefined && binding.sortable !== false;
}

/** The ids of a definition that have no binding: its filters, and its sortable columns but measures. Empty when the table is whole. */
export function unboundIds<Context>(definition: GridDefinition, bindings: SqlBindings<Context>): string[] {
  const missingFilters = definition.filters.filter((filter) => !bindings[filter.id]?.filter).map((filter) => filter.id);
  // A measure sorts under each of its groups (`<group>.<measure>`), by the grid's own query.
  const measures = new Set(definition.columnGroups?.measures ?? []);
  const missingSorts = definition.columns
    .filter((column) => column.sortable && !measures.has(column.id) && !sortsBy(bindings[column.id]))
    .map((column) => column.id);
  return [...missingFilters, ...missingSorts];
}

function conditionOf<Context>(binding: SqlBinding<Context>, values: readonly string[], context: Context): Expression<SqlBool> | null {
  const { filter } = binding;
  const column = sql.ref(binding.sql);
  if (!filter) return null;
  if (typeof filter === "function") return values.length > 0 ? filter(values, column, context) : null;
  const stored = (value: string) => (binding.stored ? binding.stored(value, context) : value);
  if (filter === "list") {
    return values.length > 0 ? sql<SqlBool>`${column} in (${sql.join(values.map(stored))})` : null;
  }
  const value = values[0];
  if (!value) return null;
  const dialect = getDatabase().dialect;
  if (filter === "prefix") return startsWith(dialect, binding.sql, String(stored(value)));
  if (filter === "contains") return containsText(dialect, binding.sql, String(stored(value)));
  return sql<SqlBool>`${column} = ${stored(value)}`;
}

/** The conditions of the state's filters, one per filter with a value. */
export function filterConditions<Context>(bindings: SqlBindings<Context>, filters: GridState["filters"], context: Context): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  for (const [id, values] of Object.entries(filters)) {
    const binding = bindings[id];
    if (!binding?.filter) throw new Error(`The grid has no filter binding for ${id}`);
    const condition = conditionOf(binding, values, context);
    if (condition) where.push(condition);
  }
  return where;
}

/** The date range's window on a column: the UTC bounds of the user's days (spec §7), none without a range. */
export function dateWindow(column: string, state: GridState, timeZone: string): Expression<SqlBool>[] {
  if (!state.from && !state.to) return [];
  // An open range's missing end is no bound (grids whose range has no default).
  const { start, end } = utcDayBounds(state.from ?? state.to ?? "", state.to ?? state.from ?? "", timeZone);
  const ref = sql.ref(column);
  return [...(state.from ? [sql<SqlBool>`${ref} >= ${start}`] : []), ...(state.to ? [sql<SqlBool>`${ref} < ${end}`] : [])];
}

/** The SQL column the state sorts by: its sort column's, else the fallback column's. */
export function sortColumn<Context>(bindings: SqlBindings<Context>, state: GridState, fallback: string): string {
  const chosen = state.sort ? bindings[state.sort] : undefined;
  const binding = chosen && chosen.sortable !== false ? chosen : bindings[fallback];
  if (!binding) throw new Error(`The grid has no binding for its fallback sort ${fallback}`);
  return binding.sql;
}

/** The expression the state sorts by (see sortColumn). */
export function sortExpression<Context>(bindings: SqlBindings<Context>, state: GridState, fallback: string): RawBuilder<unknown> {
  return sql.ref(sortColumn(bindings, state, fallback));
}
