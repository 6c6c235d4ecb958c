import type { SignedIn } from "~/auth/user-session.server";
import type { GridContext } from "~/grid/define-grid.server";
import { keyedTableGrid } from "~/grid/keyed-table-grid.server";
import { selectedRowsAction } from "~/grid/selected-rows-action.server";
import { versionedRowAction } from "~/grid/versioned-row-action.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { configurationCells, configurationExportCells } from "./cells.server";
import { findConfigurationDetail } from "./configuration-detail.server";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, CONFIGURATION_NOT_DELETED, CONFIGURATION_NOT_SAVED, MAX_DELETE } from "./configuration-form";
import { mayChangeAccessEntries } from "./configuration-lock-out.server";
import { CONFIGURATION_TABLE } from "./configuration-record.server";
import { configurationSubmissionSchema } from "./configuration-submission.server";
import { submitConfiguration } from "./configuration-writes.server";
import { deleteConfigurations } from "./delete-configurations.server";
import { configurationShownAgain } from "./editor-values";
import { CONFIGURATION_WRITE_PERMISSION, configurationsGrid } from "./grid";
import { configurationLabel, configurationRows } from "./grid-query.server";

interface ConfigurationsContext extends GridContext {
  /** Whether the signed-in user may change the entries that decide access (changingRoleData). */
  mayChangeAccess: boolean;
}

async function configurationsContext(request: Request, signedIn: SignedIn): Promise<ConfigurationsContext> {
  const [{ timeZone }, mayChangeAccess] = await Promise.all([userTimeZone(request, signedIn.user.id), mayChangeAccessEntries(signedIn.user.roles)]);
  return { timeZone, mayChangeAccess };
}

/**
 * The Configurations screen (platform spec §2, §4, §5, §8): a page of entries, a row's edit form
 * and History, the same query as CSV (values in full, secrets masked), the row's Save at the version
 * read (updatedDateTime; a refused form comes back without its secret) and Delete Configuration for
 * the selected rows (asking first, naming their keys).
 */
export const configurationsGridModule = keyedTableGrid({
  definition: configurationsGrid,
  table: CONFIGURATION_TABLE,
  context: configurationsContext,
  findPage: configurationRows.page,
  pageCells: (row, { timeZone }) => configurationCells(row, timeZone),
  allRows: configurationRows.ordered,
  exportCells: (row, { timeZone }) => configurationExportCells(row, timeZone),
  findDetail: (configId, { timeZone, mayChangeAccess }) => findConfigurationDetail(configId, timeZone, mayChangeAccess),
  label: configurationLabel,
  actions: {
    [CONFIGURATION_INTENTS.save]: versionedRowAction({
      permission: CONFIGURATION_WRITE_PERMISSION,
      failure: CONFIGURATION_NOT_SAVED,
      version: "stamp",
      badVersion: CONFIGURATION_MESSAGES.badVersion,
      noVersion: CONFIGURATION_MESSAGES.versionRequired,
      fields: configurationSubmissionSchema,
      shownAgain: configurationShownAgain,
      command: (writer, configId, version, submission) => submitConfiguration(writer, submission, { configId, version }),
    }),
    [CONFIGURATION_INTENTS.delete]: selectedRowsAction({
      permission: CONFIGURATION_WRITE_PERMISSION,
      failure: CONFIGURATION_NOT_DELETED,
      maxRows: MAX_DELETE,
      command: deleteConfigurations,
    }),
  },
});
