import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { SortDirection } from "./definition";
import type { CursorKey, Seek } from "./grid-cursor";

/**
 * Keyset paging over Kysely, the same SQL on SQLite and PostgreSQL: the grid's order is its sort
 * expression then the row id (the tiebreak), both in the same direction, so "past this row" is one
 * row-value comparison, `(sort, id) < (?, ?)`, that an index on (sort, id) serves at any depth
 * (STACK.md measured under 2 ms where a deep OFFSET took up to 340 ms).
 *
 * Both expressions must be NOT NULL (wrap a nullable column in coalesce): a row-value comparison
 * with a NULL is unknown, and the two databases put NULLs at opposite ends of an order.
 */
export interface KeysetOrder {
  /** The sort expression as Kysely names it, e.g. "sr.createdDateTime" (see sortColumn in sql-bindings.server.ts). */
  sort: string;
  /** The unique row id as Kysely names it, e.g. "sr.requestId". */
  id: string;
  dir: SortDirection;
}

/** Reading backwards from a `before` key means reading in the opposite order (the page is turned round after). */
function readsForward(seek: Seek | null): boolean {
  return seek?.direction !== "before";
}

/** The rows past a seek's key, in the direction it reads. */
export function keysetCondition(order: KeysetOrder, seek: Seek): Expression<SqlBool> {
  const [sortValue, idValue] = seek.key;
  if (sortValue === undefined || idValue === undefined) throw new Error("A keyset cursor needs a sort value and an id");
  const greater = (order.dir === "asc") === readsForward(seek);
  return sql<SqlBool>`(${sql.ref(order.sort)}, ${sql.ref(order.id)}) ${sql.raw(greater ? ">" : "<")} (${sortValue}, ${idValue})`;
}

/** The direction the query reads in: the grid's, or its opposite when reading backwards. */
export function keysetReadDirection(order: KeysetOrder, seek: Seek | null): SortDirection {
  if (readsForward(seek)) return order.dir;
  return order.dir === "asc" ? "desc" : "asc";
}

export interface KeysetPage<Row> {
  /** In grid order. */
  rows: Row[];
  firstKey: CursorKey | null;
  lastKey: CursorKey | null;
  /** More rows lie beyond the page in the direction it was read. */
  more: boolean;
}

/**
 * One page of `size` rows past the seek (the first page without one), in grid order: the query's
 * own conditions plus the keyset condition, ordered by (sort, id), reading one row more than the
 * page to know whether more follow.
 */
export async function readKeysetPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder,
  seek: Seek | null,
  size: number,
  keyOf: (row: Row) => CursorKey,
): Promise<KeysetPage<Row>> {
  const direction = keysetReadDirection(order, seek);
  const bounded = seek ? query.where(keysetCondition(order, seek)) : query;
  const read = await bounded
    .orderBy(sql.ref(order.sort), direction)
    .orderBy(sql.ref(order.id), direction)
    .limit(size + 1)
    .execute();
  const more = read.length > size;
  const page = read.slice(0, size);
  const rows = readsForward(seek) ? page : page.reverse();
  return {
    rows,
    firstKey: rows.length > 0 ? keyOf(rows[0]) : null,
    lastKey: rows.length > 0 ? keyOf(rows[rows.length - 1]) : null,
    more,
  };
}
