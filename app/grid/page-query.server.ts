import type { SelectQueryBuilder } from "kysely";
import type { GridState } from "./definition";

/** How many rows a query matches. */
async function countOf<DB, TB extends keyof DB, O>(matching: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot name the selection's type for a generic query: its one column is the count,
  // which SQLite hands back as a number and PostgreSQL as a string.
  const row: unknown = await matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  return Number((row as { total: number | string }).total);
}

/**
 * One page of a grid's rows and how many rows match, read side by side: the page is `ordered`
 * limited to the state's page (offset paging), the total counts `matching` (the same rows
 * filtered, unordered). The offset-paged SQL grids read their page through this.
 */
export async function offsetPageWithTotal<DB, TB extends keyof DB, Row, MatchingDB, MatchingTB extends keyof MatchingDB, Matching>(
  ordered: SelectQueryBuilder<DB, TB, Row>,
  matching: SelectQueryBuilder<MatchingDB, MatchingTB, Matching>,
  state: Pick<GridState, "page" | "size">,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([
    ordered
      .limit(state.size)
      .offset((state.page - 1) * state.size)
      .execute(),
    countOf(matching),
  ]);
  return { rows, total };
}
