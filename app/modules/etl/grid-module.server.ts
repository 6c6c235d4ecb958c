import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { gridAction, type GridActionInput } from "~/grid/grid-actions.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { parseRecordId } from "~/lib/record-id";
import { userTimeZone } from "~/platform/time-zone.server";
import { etlCells } from "./cells.server";
import { deleteEtlVariables } from "./delete-etl-variables.server";
import { findEtlDetail } from "./etl-detail.server";
import { ETL_INTENTS, ETL_NOT_DELETED, ETL_NOT_SAVED, MAX_DELETE } from "./etl-form";
import { etlFormSchema, type EtlForm } from "./etl-schema";
import { ETL_WRITE_PERMISSION, etlGrid } from "./grid";
import { etlLabels, existingEtlIds, findEtlPage, numericEtlIds, selectEtlRows } from "./grid-query.server";
import { saveEtlVariable } from "./save-etl-variable.server";

/**
 * The Redshift ETL Dashboard (dashboards spec §2.7, §5, §8): a page of variables, a row's edit
 * form and History, the same query as CSV, the row's Save and Delete Etl Variable for the selected
 * rows (asking first, naming them).
 */
export const etlGridModule = defineGrid({
  definition: etlGrid,
  async context(request, signedIn): Promise<GridContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone };
  },
  async page(state, { timeZone }) {
    const page = await findEtlPage(state);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.varId), cells: shownCells(etlCells(row, timeZone), state.cols) }));
    return { rows, total: page.total };
  },
  detail: async (rowId, { timeZone }) => {
    const id = parseRecordId(rowId);
    return id === null ? null : findEtlDetail(id, timeZone);
  },
  allRows: (state) => selectEtlRows(state),
  cells: (row, { timeZone }) => etlCells(row, timeZone),
  rowsInScope: (ids) => existingEtlIds(ids),
  rowLabels: (ids) => etlLabels(ids),
  actions: {
    // The variable is the row the grid checked, whatever the form's varId said.
    [ETL_INTENTS.save]: gridAction({
      permission: ETL_WRITE_PERMISSION,
      schema: etlFormSchema,
      failure: ETL_NOT_SAVED,
      maxRows: 1,
      run: ({ value, rowIds, context, signedIn, now }: GridActionInput<GridContext, EtlForm>) =>
        saveEtlVariable({ actor: signedIn.user, timeZone: context.timeZone, now }, { ...value, varId: Number(rowIds[0]) }),
    }),
    [ETL_INTENTS.delete]: gridAction<GridContext, object>({
      permission: ETL_WRITE_PERMISSION,
      failure: ETL_NOT_DELETED,
      maxRows: MAX_DELETE,
      run: ({ rowIds, context, signedIn, now }) => deleteEtlVariables({ actor: signedIn.user, timeZone: context.timeZone, now }, numericEtlIds(rowIds)),
    }),
  },
});
