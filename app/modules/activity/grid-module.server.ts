import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { userTimeZone } from "~/platform/time-zone.server";
import { activityCells } from "./cells";
import { findActivityEventDetail } from "./event-detail.server";
import { activityGrid } from "./grid";
import { findActivityPage, selectActivityRows } from "./grid-query.server";

interface ActivityContext extends GridContext {
  /** The viewer: an event's link is offered only to a screen they may open. */
  signedIn: SignedIn;
}

/**
 * The Activity screen (issue 29): a page of audit events by cursor (not counted: the log grows
 * without bound), an event's details with its change and its record's link, and the same query
 * as CSV. Read-only.
 */
export const activityGridModule = defineGrid({
  definition: activityGrid,
  async context(request, signedIn): Promise<ActivityContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone, signedIn };
  },
  async cursorPage(state, seek, { timeZone }) {
    const page = await findActivityPage(state, seek, timeZone);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.id), cells: shownCells(activityCells(row, timeZone), state.cols) }));
    return { ...page, rows, total: null };
  },
  detail: (rowId, { signedIn, timeZone }) => findActivityEventDetail(rowId, signedIn, timeZone),
  allRows: (state, { timeZone }) => selectActivityRows(state, timeZone),
  cells: (row, { timeZone }) => activityCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.activity, zoneOnly),
});
