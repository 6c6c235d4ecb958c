import { keyedTableGrid, viewerTimeZone } from "~/grid/keyed-table-grid.server";
import { selectedRowsAction } from "~/grid/selected-rows-action.server";
import { versionedRowAction } from "~/grid/versioned-row-action.server";
import { etlCells } from "./cells.server";
import { deleteEtlVariables } from "./delete-etl-variables.server";
import { findEtlDetail } from "./etl-detail.server";
import { ETL_INTENTS, ETL_MESSAGES, ETL_NOT_DELETED, ETL_NOT_SAVED, MAX_DELETE } from "./etl-form";
import { ETL_TABLE } from "./etl-record.server";
import { etlFieldsSchema } from "./etl-schema";
import { ETL_WRITE_PERMISSION, etlGrid } from "./grid";
import { etlLabel, etlRows } from "./grid-query.server";
import { saveEtlVariable } from "./save-etl-variable.server";

/**
 * The Redshift ETL Dashboard (dashboards spec §2.7, §5, §8): a page of variables, a row's edit
 * form and History, the same query as CSV, the row's Save (at the version read) and Delete Etl
 * Variable for the selected rows (asking first, naming them).
 */
export const etlGridModule = keyedTableGrid({
  definition: etlGrid,
  table: ETL_TABLE,
  context: viewerTimeZone,
  findPage: etlRows.page,
  pageCells: (row, { timeZone }) => etlCells(row, timeZone),
  allRows: etlRows.ordered,
  exportCells: (row, { timeZone }) => etlCells(row, timeZone),
  findDetail: (varId, { timeZone }) => findEtlDetail(varId, timeZone),
  label: etlLabel,
  actions: {
    [ETL_INTENTS.save]: versionedRowAction({
      permission: ETL_WRITE_PERMISSION,
      failure: ETL_NOT_SAVED,
      badVersion: ETL_MESSAGES.badVersion,
      noVersion: ETL_MESSAGES.versionRequired,
      fields: etlFieldsSchema,
      command: saveEtlVariable,
    }),
    [ETL_INTENTS.delete]: selectedRowsAction({ permission: ETL_WRITE_PERMISSION, failure: ETL_NOT_DELETED, maxRows: MAX_DELETE, command: deleteEtlVariables }),
  },
});
