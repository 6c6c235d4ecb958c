import { getDb } from "~/db/db.server";
import { deleteAudited } from "~/modules/audit/audited-delete.server";
import { forgetConfigurationReads } from "~/platform/configuration/configuration-values.server";
import { conflict, done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import type { Writer } from "~/write-path/writer";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, MAX_DELETE } from "./configuration-form";
import { accessEntryProblem } from "./configuration-lock-out.server";
import { CONFIGURATION_RECORD } from "./configuration-record.server";

/**
 * Delete Configuration (platform spec §2): the selected entries (at most 100) go in one
 * transaction with an audit row each, or none go: an entry already deleted by someone else is a
 * conflict; deleting an entry that decides access needs changingRoleData, and deleting the
 * REQUIRED_ROLES_FOR_PAGES entry may neither lock the actor out nor open pages to others
 * (configuration-lock-out.server.ts).
 */
export async function deleteConfigurations(writer: Writer, configIds: readonly number[]): Promise<ActionOutcome> {
  const intent = CONFIGURATION_INTENTS.delete;
  const ids = [...new Set(configIds)];
  if (ids.length === 0) return refused({ intent, fieldErrors: { configIds: [CONFIGURATION_MESSAGES.deleteNothing] } });
  if (ids.length > MAX_DELETE) return refused({ intent, fieldErrors: { configIds: [CONFIGURATION_MESSAGES.deleteTooMany] } });

  const keys = (await getDb().selectFrom("configurations").select("configKey").where("configId", "in", ids).execute()).map((row) => row.configKey);
  const problem = await accessEntryProblem(writer.actor, keys, (before) => before.filter((entry) => !ids.includes(entry.configId)));
  if (problem) return refused({ intent, formErrors: [problem] });

  const missing = await deleteAudited(CONFIGURATION_RECORD, writer, ids);
  forgetConfigurationReads();
  if (missing.length > 0) return conflict({ title: "Error", message: CONFIGURATION_MESSAGES.goneSome(missing) });
  return done(CONFIGURATION_MESSAGES.deleted(ids.length));
}
