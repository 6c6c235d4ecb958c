import { getDb } from "~/db/db.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { conflict, done, type ActionOutcome } from "~/write-path/action-outcome";
import { ETL_MESSAGES, ETL_NOT_DELETED } from "./etl-form";
import { ETL_ACTIONS, ETL_ENTITY, etlSnapshot } from "./etl-record.server";
import type { EtlWriter } from "./save-etl-variable.server";

/**
 * Delete Etl Variable (dashboards spec §2.7, §8): the selected variables (at most 100, checked by
 * the grid) go in one transaction with an audit row each, or none go: one deleted by someone else
 * meanwhile is the spec's 'Error: Failed to delete selected items' with the reason.
 */
export async function deleteEtlVariables(writer: EtlWriter, varIds: readonly number[]): Promise<ActionOutcome> {
  const ids = [...new Set(varIds)];
  const now = writer.now ?? new Date();
  const missing = await getDb()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx.selectFrom("etlVariables").selectAll().where("varId", "in", ids).execute();
      const found = new Set(rows.map((row) => row.varId));
      const gone = ids.filter((id) => !found.has(id));
      if (gone.length > 0) return gone;
      await trx.deleteFrom("etlVariables").where("varId", "in", ids).execute();
      for (const row of rows) {
        await recordAudit(trx, {
          actor: writer.actor.login,
          action: ETL_ACTIONS.delete,
          entity: ETL_ENTITY,
          entityId: String(row.varId),
          before: etlSnapshot(row),
          after: null,
          at: now,
        });
      }
      return [];
    });
  if (missing.length > 0) return conflict({ ...ETL_NOT_DELETED, lines: [ETL_MESSAGES.goneSome(missing)] });
  return done(ETL_MESSAGES.deleted);
}
