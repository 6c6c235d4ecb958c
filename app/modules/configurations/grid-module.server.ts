import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import { gridAction, type GridActionInput } from "~/grid/grid-actions.server";
import type { GridRow } from "~/grid/grid-view";
import { shownCells } from "~/grid/shown-cells";
import { parseRecordId } from "~/lib/record-id";
import { userTimeZone } from "~/platform/time-zone.server";
import { configurationCells, configurationExportCells } from "./cells.server";
import { findConfigurationDetail } from "./configuration-detail.server";
import { CONFIGURATION_INTENTS, CONFIGURATION_NOT_DELETED, CONFIGURATION_NOT_SAVED, MAX_DELETE } from "./configuration-form";
import { mayChangeAccessEntries } from "./configuration-lock-out.server";
import { configurationSubmissionSchema, type ConfigurationSubmission } from "./configuration-submission.server";
import { submitConfiguration } from "./configuration-writes.server";
import { deleteConfigurations } from "./delete-configurations.server";
import { configurationShownAgain } from "./editor-values";
import { CONFIGURATION_WRITE_PERMISSION, configurationsGrid } from "./grid";
import { configurationLabels, existingConfigurationIds, findConfigurationsPage, selectConfigurationRows } from "./grid-query.server";

interface ConfigurationsContext extends GridContext {
  /** Whether the signed-in user may change the entries that decide access (changingRoleData). */
  mayChangeAccess: boolean;
}

/**
 * The Configurations screen (platform spec §2, §4, §5, §8): a page of entries, a row's edit form
 * and History, the same query as CSV, the row's Save and Delete Configuration for the selected
 * rows (asking first, naming their keys).
 */
export const configurationsGridModule = defineGrid({
  definition: configurationsGrid,
  async context(request, signedIn): Promise<ConfigurationsContext> {
    const [{ timeZone }, mayChangeAccess] = await Promise.all([userTimeZone(request, signedIn.user.id), mayChangeAccessEntries(signedIn.user.roles)]);
    return { timeZone, mayChangeAccess };
  },
  async page(state, { timeZone }) {
    const page = await findConfigurationsPage(state);
    const rows = page.rows.map((row): GridRow => ({ id: String(row.configId), cells: shownCells(configurationCells(row, timeZone), state.cols) }));
    return { rows, total: page.total };
  },
  detail: (rowId, { timeZone, mayChangeAccess }) => {
    const id = parseRecordId(rowId);
    return id === null ? Promise.resolve(null) : findConfigurationDetail(id, timeZone, mayChangeAccess);
  },
  allRows: (state) => selectConfigurationRows(state),
  cells: (row, { timeZone }) => configurationExportCells(row, timeZone),
  rowsInScope: (ids) => existingConfigurationIds(ids),
  rowLabels: (ids) => configurationLabels(ids),
  actions: {
    // The entry is the row the grid checked, whatever the form's configId said; a refused form comes back without its secret.
    [CONFIGURATION_INTENTS.save]: gridAction({
      permission: CONFIGURATION_WRITE_PERMISSION,
      schema: configurationSubmissionSchema,
      shownAgain: configurationShownAgain,
      failure: CONFIGURATION_NOT_SAVED,
      maxRows: 1,
      run: ({ value, rowIds, context, signedIn, now }: GridActionInput<ConfigurationsContext, ConfigurationSubmission>) =>
        submitConfiguration({ actor: signedIn.user, timeZone: context.timeZone, now }, value, Number(rowIds[0])),
    }),
    [CONFIGURATION_INTENTS.delete]: gridAction<ConfigurationsContext, object>({
      permission: CONFIGURATION_WRITE_PERMISSION,
      failure: CONFIGURATION_NOT_DELETED,
      maxRows: MAX_DELETE,
      run: ({ rowIds, context, signedIn, now }) => deleteConfigurations({ actor: signedIn.user, timeZone: context.timeZone, now }, rowIds.map(Number)),
    }),
  },
});
