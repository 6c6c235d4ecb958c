import { deleteAudited } from "~/modules/audit/audited-delete.server";
import { conflict, done, type ActionOutcome } from "~/write-path/action-outcome";
import type { Writer } from "~/write-path/writer";
import { ETL_MESSAGES, ETL_NOT_DELETED } from "./etl-form";
import { ETL_RECORD } from "./etl-record.server";

/**
 * Delete Etl Variable (dashboards spec §2.7, §8): the selected variables (at most 100, checked by
 * the grid) go in one transaction with an audit row each, or none go: one deleted by someone else
 * meanwhile is the spec's 'Error: Failed to delete selected items' with the reason.
 */
export async function deleteEtlVariables(writer: Writer, varIds: readonly number[]): Promise<ActionOutcome> {
  const missing = await deleteAudited(ETL_RECORD, writer, varIds);
  if (missing.length > 0) return conflict({ ...ETL_NOT_DELETED, lines: [ETL_MESSAGES.goneSome(missing)] });
  return done(ETL_MESSAGES.deleted);
}
