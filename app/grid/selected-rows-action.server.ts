import { recordIds } from "~/lib/record-id";
import type { ActionOutcome, PopUpMessage } from "~/write-path/action-outcome";
import type { GridContext } from "./define-grid.server";
import { gridAction, type GridActionHandler } from "./grid-actions.server";
import type { RowWriter } from "./versioned-row-action.server";

export interface SelectedRowsActionOptions {
  /** The write permission, asked again whatever the URL says. */
  permission: string;
  /** The spec's words when the write breaks. */
  failure: PopUpMessage;
  /** At most this many rows at once. */
  maxRows: number;
  /** The change of the selected rows, by their numeric keys. */
  command(writer: RowWriter, ids: number[]): Promise<ActionOutcome>;
}

/** An action on the selected rows of a table keyed by numbers (Delete Configuration, Delete Etl Variable): no fields of its own. */
export function selectedRowsAction(options: SelectedRowsActionOptions): GridActionHandler<GridContext> {
  return gridAction<GridContext, object>({
    permission: options.permission,
    failure: options.failure,
    maxRows: options.maxRows,
    run: ({ rowIds, context, signedIn, now }) => options.command({ actor: signedIn.user, timeZone: context.timeZone, now }, recordIds(rowIds)),
  });
}
