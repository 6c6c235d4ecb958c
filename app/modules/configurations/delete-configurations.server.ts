import { getDb } from "~/db/db.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { forgetConfigurationReads } from "~/platform/configuration/configuration-values.server";
import { conflict, done, refused, type ActionOutcome } from "~/write-path/action-outcome";
import { CONFIGURATION_INTENTS, CONFIGURATION_MESSAGES, MAX_DELETE } from "./configuration-form";
import { accessEntryProblem } from "./configuration-lock-out.server";
import { auditSnapshot, CONFIGURATION_ACTIONS, CONFIGURATION_ENTITY } from "./configuration-record.server";
import type { ConfigurationWriter } from "./save-configuration.server";

/**
 * Delete Configuration (platform spec §2): the selected entries (at most 100) go in one
 * transaction with an audit row each, or none go: an entry already deleted by someone else is a
 * conflict; deleting an entry that decides access needs changingRoleData, and deleting the
 * REQUIRED_ROLES_FOR_PAGES entry may neither lock the actor out nor open pages to others
 * (configuration-lock-out.server.ts).
 */
export async function deleteConfigurations(writer: ConfigurationWriter, configIds: readonly number[]): Promise<ActionOutcome> {
  const intent = CONFIGURATION_INTENTS.delete;
  const ids = [...new Set(configIds)];
  if (ids.length === 0) return refused({ intent, fieldErrors: { configIds: [CONFIGURATION_MESSAGES.deleteNothing] } });
  if (ids.length > MAX_DELETE) return refused({ intent, fieldErrors: { configIds: [CONFIGURATION_MESSAGES.deleteTooMany] } });

  const keys = (await getDb().selectFrom("configurations").select("configKey").where("configId", "in", ids).execute()).map((row) => row.configKey);
  const problem = await accessEntryProblem(writer.actor, keys, (before) => before.filter((entry) => !ids.includes(entry.configId)));
  if (problem) return refused({ intent, formErrors: [problem] });

  const now = writer.now ?? new Date();
  const missing = await getDb()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx.selectFrom("configurations").selectAll().where("configId", "in", ids).execute();
      const found = new Set(rows.map((row) => row.configId));
      const gone = ids.filter((id) => !found.has(id));
      if (gone.length > 0) return gone;
      await trx.deleteFrom("configurations").where("configId", "in", ids).execute();
      for (const row of rows) {
        await recordAudit(trx, {
          actor: writer.actor.login,
          action: CONFIGURATION_ACTIONS.delete,
          entity: CONFIGURATION_ENTITY,
          entityId: String(row.configId),
          before: auditSnapshot(row),
          after: null,
          at: now,
        });
      }
      return [];
    });
  forgetConfigurationReads();
  if (missing.length > 0) return conflict({ title: "Error", message: CONFIGURATION_MESSAGES.goneSome(missing) });
  return done(CONFIGURATION_MESSAGES.deleted(ids.length));
}
