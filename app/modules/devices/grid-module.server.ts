import { csvInWorker } from "~/grid/csv-worker/cells-writer";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { GridRow } from "~/grid/grid-view";
import { pageOrEmpty } from "~/grid/load-failure.server";
import { shownCells } from "~/grid/shown-cells";
import { ROW_VERSION_FIELD, versionedRowAction, type VersionedRowCommand } from "~/grid/versioned-row-action.server";
import { csvCellsWriters, zoneOnly } from "~/modules/csv-export/cells-writers";
import { userTimeZone } from "~/platform/time-zone.server";
import { deviceCells } from "./cells";
import { findDeviceDetail } from "./device-detail.server";
import { DEVICE_MESSAGES } from "./device-messages";
import { deleteDevice, deregisterDevice } from "./device-writes.server";
import { DEVICE_INTENTS, DEVICES_PAGE, devicesGrid } from "./grid";
import { deviceLabels, existingDeviceIds, findDevicesPage, selectDeviceRows } from "./grid-query.server";

export const DEVICES_LOAD_FAILURE_LOG = "Reading the Devices list failed";

/** A trust action: the page permission again (whatever the URL says), one row, its version, the spec's failure words. */
function trustAction(command: VersionedRowCommand) {
  return versionedRowAction({ permission: DEVICES_PAGE, badVersion: DEVICE_MESSAGES.badVersion, failure: DEVICE_MESSAGES.failed, command });
}

/**
 * The Devices screen (dashboards spec §2.5): a page of device registrations, a row's details with
 * its History, the same query as CSV, and with trust=Y DeRegister and Delete on each row, each
 * asking first (decision 0041).
 */
export const devicesGridModule = defineGrid({
  definition: devicesGrid,
  async context(request, signedIn): Promise<GridContext> {
    const { timeZone } = await userTimeZone(request, signedIn.user.id);
    return { timeZone };
  },
  // A failed search only logs and empties the table (spec §8).
  page: (state, { timeZone }) =>
    pageOrEmpty(async () => {
      const page = await findDevicesPage(state);
      const rows = page.rows.map((row): GridRow => ({
        id: String(row.registrationId),
        cells: shownCells(deviceCells(row, timeZone), state.cols),
        muted: row.isActive !== 1,
        actionFields: { [ROW_VERSION_FIELD]: String(row.rowVersion) },
      }));
      return { rows, total: page.total };
    }, DEVICES_LOAD_FAILURE_LOG),
  detail: (rowId, { timeZone }) => findDeviceDetail(rowId, timeZone),
  allRows: (state) => selectDeviceRows(state),
  cells: (row, { timeZone }) => deviceCells(row, timeZone),
  csvInWorker: csvInWorker(csvCellsWriters.devices, zoneOnly),
  rowsInScope: (ids) => existingDeviceIds(ids),
  rowLabels: (ids) => deviceLabels(ids),
  actions: {
    [DEVICE_INTENTS.deregister]: trustAction(deregisterDevice),
    [DEVICE_INTENTS.delete]: trustAction(deleteDevice),
  },
});
