import { WRITE_PERMISSIONS } from "~/auth/authorization";
import { holdsPermission } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { userTimeZone } from "~/platform/time-zone.server";
import { findApplicationDetail } from "./application-detail.server";
import { applicationCells } from "./cells";
import { applicationsGrid, BULK_ROLES_OFFER } from "./grid";
import { findApplicationsPage, selectApplicationRows } from "./grid-query.server";

/** The spec's words when the list cannot be read (§8 Applications). */
export const APPLICATIONS_LOAD_FAILURE = { title: "Fail", message: "Failed to get provider data from DB." } as const;

/**
 * The Applications list for the signed-in user: a page of applications with their current version,
 * the expanded row's details, versions and software, and the same query as CSV. The admin area is
 * staff's (DIP_PROVIDER is barred from it by the page check), so there is no provider scope.
 */
export const applicationsGridModule = defineGrid({
  definition: applicationsGrid,
  async context(request: Request, signedIn: SignedIn): Promise<GridContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone, offers: { [BULK_ROLES_OFFER]: await holdsPermission(signedIn, WRITE_PERMISSIONS.assignRolesFromApplications) } };
  },
  async page(state, { timeZone }) {
    const page = await findApplicationsPage(state);
    const rows = page.rows.map((row): GridRow => ({ id: row.id, cells: shownCells(applicationCells(row, timeZone), state.cols) }));
    return { rows, total: page.total };
  },
  detail: (rowId, { timeZone }) => findApplicationDetail(rowId, timeZone),
  allRows: (state) => selectApplicationRows(state),
  cells: (row, { timeZone }) => applicationCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.applications, zoneOnly),
});

/** The Applications page's loader data, or the spec's failure words when the list cannot be read. */
export function loadApplicationsPage(request: Request, signedIn: SignedIn) {
  return gridPageOrFailure(() => applicationsGridModule.loadPage(request, signedIn), APPLICATIONS_LOAD_FAILURE, "Reading the Applications list failed");
}
