import type { Compilable } from "kysely";
import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import { keyOf, rowsByKeys, type KeyedTable, type NumericKey } from "~/db/keyed-table.server";
import type { Database, Row } from "~/db/types";
import { parseRecordId, recordIds } from "~/lib/record-id";
import { userTimeZone } from "~/platform/time-zone.server";
import { defineGrid, type GridContext } from "./define-grid.server";
import type { GridDefinition, GridState } from "./definition";
import type { GridActionHandler } from "./grid-actions.server";
import type { GridRow } from "./grid-view";
import { shownCells } from "./shown-cells";

/**
 * A grid over one table keyed by a number, declared rather than written (decision 0079): its page
 * (offsetPageWithTotal in the module's query), the expanded row by its key, the rows an action
 * names and how a confirmation names them, all read by the key; the export's rows and cells; and
 * the actions. The Configurations and ETL screens are this with their own words and queries.
 */
export interface KeyedTableGrid<
  T extends keyof Database,
  K extends NumericKey<T>,
  Context extends GridContext,
  PageRow extends Pick<Row<T>, K>,
  ExportRow,
  Detail,
> {
  definition: GridDefinition;
  table: KeyedTable<T, K>;
  /** The request's context (viewerTimeZone when the grid needs no more). */
  context(request: Request, signedIn: SignedIn): Promise<Context>;
  /** One page of rows and how many match. */
  findPage(state: GridState): Promise<{ rows: PageRow[]; total: number }>;
  /** A row's cells as the page shows them. */
  pageCells(row: PageRow, context: Context): Readonly<Record<string, string>>;
  /** Every matching row in grid order, and their cells, for the export. */
  allRows(state: GridState): Compilable<ExportRow>;
  exportCells(row: ExportRow, context: Context): Readonly<Record<string, string>>;
  /** The expanded row of a key; null when there is none. */
  findDetail(key: number, context: Context): Promise<Detail | null>;
  /** How a confirmation names a row. */
  label(row: Row<T>): string;
  /** The actions, by intent (they read the time zone of the context alone). */
  actions: Readonly<Record<string, GridActionHandler<GridContext>>>;
}

/** The context of a grid that needs only the viewer's time zone. */
export async function viewerTimeZone(request: Request, signedIn: SignedIn): Promise<GridContext> {
  const { timeZone } = await userTimeZone(request, signedIn.user.id);
  return { timeZone };
}

export function keyedTableGrid<
  T extends keyof Database,
  K extends NumericKey<T>,
  Context extends GridContext,
  PageRow extends Pick<Row<T>, K>,
  ExportRow,
  Detail,
>(grid: KeyedTableGrid<T, K, Context, PageRow, ExportRow, Detail>) {
  const { table } = grid;
  // Of the ids an action names, the rows that exist (a forged or letter id names none).
  const existing = (ids: readonly string[]) => rowsByKeys(getDb(), table, recordIds(ids));
  return defineGrid<Context, ExportRow, Detail>({
    definition: grid.definition,
    context: (request, signedIn) => grid.context(request, signedIn),
    async page(state, context) {
      const page = await grid.findPage(state);
      const rows = page.rows.map((row): GridRow => ({ id: String(row[table.key]), cells: shownCells(grid.pageCells(row, context), state.cols) }));
      return { rows, total: page.total };
    },
    detail: (rowId, context) => {
      const key = parseRecordId(rowId);
      return key === null ? Promise.resolve(null) : grid.findDetail(key, context);
    },
    allRows: (state) => grid.allRows(state),
    cells: (row, context) => grid.exportCells(row, context),
    rowsInScope: async (ids) => (await existing(ids)).map((row) => String(keyOf(table, row))),
    async rowLabels(ids) {
      const byId = new Map((await existing(ids)).map((row) => [String(keyOf(table, row)), grid.label(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    actions: grid.actions,
  });
}
