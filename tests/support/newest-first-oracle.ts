import { expect } from "vitest";
import type { ProviderScope } from "~/auth/provider-scope.server";
import { utcDayBounds } from "~/grid/dates";
import type { GridState } from "~/grid/definition";

/** What a dated grid's page query takes: at least the state and the user's provider scope. */
interface DatedQuery {
  state: GridState;
  scope: ProviderScope;
}

export interface NewestFirstOracle<Stored, Query extends DatedQuery, Shown> {
  /** Every stored row the query should match, newest first: the date window, the scope, then `keep`. */
  expected(query: Query, keep?: (row: Stored) => boolean): Stored[];
  /** Runs the page query and checks its total and its page of ids against `expected`; returns the page. */
  check(query: Query, keep?: (row: Stored) => boolean): Promise<{ rows: Shown[]; total: number }>;
}

/**
 * The oracle of a dated grid's page query (transactions, quotes): the same filter in plain
 * JavaScript over every stored row, newest first with ties broken by the highest id, and the
 * query's page of it.
 */
export function newestFirstOracle<Stored extends { providerId: number }, Query extends DatedQuery, Shown>(grid: {
  /** Every stored row, read once the database is seeded. */
  stored: () => readonly Stored[];
  timeZone: string;
  /** The stored row's date the window and the order go by (an ISO instant). */
  dated: (row: Stored) => string;
  /** The row id, the same on a stored row and on a row of the page. */
  id: (row: Stored | Shown) => number;
  findPage: (query: Query) => Promise<{ rows: Shown[]; total: number }>;
}): NewestFirstOracle<Stored, Query, Shown> {
  function expected(query: Query, keep: (row: Stored) => boolean = () => true): Stored[] {
    const { start, end } = utcDayBounds(query.state.from ?? "1900-01-01", query.state.to ?? "2999-01-01", grid.timeZone);
    return grid
      .stored()
      .filter((row) => grid.dated(row) >= start && grid.dated(row) < end)
      .filter((row) => !query.scope.restricted || row.providerId === query.scope.providerId)
      .filter(keep)
      .sort((a, b) => grid.dated(b).localeCompare(grid.dated(a)) || grid.id(b) - grid.id(a));
  }
  async function check(query: Query, keep?: (row: Stored) => boolean) {
    const want = expected(query, keep);
    const got = await grid.findPage(query);
    expect(got.total).toBe(want.length);
    expect(got.rows.map(grid.id)).toEqual(want.slice((query.state.page - 1) * query.state.size, query.state.page * query.state.size).map(grid.id));
    return got;
  }
  return { expected, check };
}
