import { sql, type SelectQueryBuilder } from "kysely";
import type { GridState } from "./definition";
import { offsetPageWithTotal } from "./page-query.server";
import { filterConditions, sortExpression, type SqlBindings } from "./sql-bindings.server";

export interface TableQuery<DB, TB extends keyof DB, O> {
  /** The table (with its alias) the grid reads. */
  from(): SelectQueryBuilder<DB, TB, object>;
  /** The grid's columns and filters in SQL. */
  bindings: SqlBindings;
  /** The columns a row is read with. */
  select(matching: SelectQueryBuilder<DB, TB, object>): SelectQueryBuilder<DB, TB, O>;
  /** The binding sorted by when the state names no sortable column. */
  defaultSort: string;
  /** The key's SQL column, the last word on the order (e.g. "e.varId"). */
  key: string;
}

/**
 * A grid's rows from one table (decision 0079): the rows its filters match, in grid order (the
 * sorted column, then the key, both in the state's direction), every one for the export and one
 * page of them with the count (offsetPageWithTotal).
 */
export function tableQuery<DB, TB extends keyof DB, O>(query: TableQuery<DB, TB, O>) {
  const matching = (state: GridState) => query.from().where((eb) => eb.and(filterConditions(query.bindings, state.filters, undefined)));
  const ordered = (state: GridState) =>
    query
      .select(matching(state))
      .orderBy(sortExpression(query.bindings, state, query.defaultSort), state.dir)
      .orderBy(sql.ref(query.key), state.dir);
  return {
    ordered,
    page: (state: GridState): Promise<{ rows: O[]; total: number }> => offsetPageWithTotal(ordered(state), matching(state), state),
  };
}
