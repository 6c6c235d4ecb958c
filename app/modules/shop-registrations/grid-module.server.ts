import type { SignedIn } from "~/auth/user-session.server";
import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { ROW_VERSION_FIELD, versionedRowAction, type VersionedRowCommand } from "~/grid/versioned-row-action.server";
import { parseRecordId } from "~/lib/record-id";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { selectableProviderOptions } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import type { PopUpMessage } from "~/write-path/action-outcome";
import { registrationCells } from "./cells";
import { REGISTRATION_INTENTS, SHOP_REGISTRATIONS_PAGE, shopRegistrationsGrid } from "./grid";
import { existingRegistrationIds, findRegistrationsPage, registrationLabels, selectRegistrationRows } from "./grid-query.server";
import { findRegistrationDetail } from "./registration-detail.server";
import { REGISTRATION_MESSAGES } from "./registration-messages";
import { deleteRegistration, deregisterRegistration } from "./registration-writes.server";
import { resendRegistration } from "./resend-registration.server";
import { updateRfDetails } from "./update-rf-details.server";

/** The words when the registrations cannot be read. */
export const REGISTRATIONS_LOAD_FAILURE = { title: "Fail", message: "Failed to get shop registration data from DB. Please try again." } as const;

/** A trust action: the page permission again (whatever the URL says), one row, its version, the spec's failure words. */
function trustAction(command: VersionedRowCommand, failure: PopUpMessage) {
  return versionedRowAction({ permission: SHOP_REGISTRATIONS_PAGE, badVersion: REGISTRATION_MESSAGES.badVersion, failure, command });
}

/**
 * Shop Registrations (dashboards spec §2.4): a page of registrations with their provider and the
 * shop's test flag (grayed), a registration enriched with the shop record of its license, the same
 * query as CSV, and with trust=Y the trust actions on each row (decision 0044). The admin area is
 * staff's: no provider scope.
 */
export const shopRegistrationsGridModule = defineGrid({
  definition: shopRegistrationsGrid,
  async context(request, signedIn): Promise<GridContext> {
    const [{ timeZone }, providers] = await Promise.all([userTimeZone(request, signedIn.user.id), selectableProviderOptions()]);
    return { timeZone, options: { provider: providers } };
  },
  async page(state, { timeZone }) {
    const page = await findRegistrationsPage(state);
    const rows = page.rows.map((row): GridRow => ({
      id: String(row.id),
      cells: shownCells(registrationCells(row, timeZone), state.cols),
      muted: row.isInternal === "Y",
      actionFields: { [ROW_VERSION_FIELD]: String(row.rowVersion) },
    }));
    return { rows, total: page.total };
  },
  detail: async (rowId, { timeZone }) => {
    const id = parseRecordId(rowId);
    return id === null ? null : findRegistrationDetail(id, timeZone);
  },
  allRows: (state) => selectRegistrationRows(state),
  cells: (row, { timeZone }) => registrationCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.shopRegistrations, zoneOnly),
  rowsInScope: (ids) => existingRegistrationIds(ids),
  rowLabels: (ids) => registrationLabels(ids),
  actions: {
    [REGISTRATION_INTENTS.updateRfDetails]: trustAction(updateRfDetails, REGISTRATION_MESSAGES.updateFailed),
    [REGISTRATION_INTENTS.resend]: trustAction(resendRegistration, REGISTRATION_MESSAGES.resendFailed),
    [REGISTRATION_INTENTS.deregister]: trustAction(deregisterRegistration, REGISTRATION_MESSAGES.failed),
    [REGISTRATION_INTENTS.delete]: trustAction(deleteRegistration, REGISTRATION_MESSAGES.failed),
  },
});

export function loadShopRegistrationsPage(request: Request, signedIn: SignedIn) {
  return gridPageOrFailure(() => shopRegistrationsGridModule.loadPage(request, signedIn), REGISTRATIONS_LOAD_FAILURE, "Reading the Shop Registrations failed");
}
