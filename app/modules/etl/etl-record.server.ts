import type { Selectable } from "kysely";
import type { EtlVariablesTable } from "~/db/types";
import { formatGridDateTime } from "~/lib/grid-date-format";
import { lastChangeOf } from "~/modules/audit/record-history.server";
import { ETL_MESSAGES } from "./etl-form";

/** What every ETL variable write shares: the audit entity, the audit snapshot, the stale message. */
export const ETL_ENTITY = "etlVariable";
export const ETL_ACTIONS = { create: "createEtlVariable", update: "updateEtlVariable", delete: "deleteEtlVariable" } as const;

export type EtlVariableRow = Selectable<EtlVariablesTable>;
type Snapshot = Pick<EtlVariableRow, "varParentKey" | "varParentVal" | "varChildKey" | "varChildVal" | "etlJobName" | "etlBatchId">;

/** The fields a History shows, as the audit row records them. */
export function etlSnapshot(row: Snapshot): Record<string, unknown> {
  return {
    varParentKey: row.varParentKey,
    varParentVal: row.varParentVal,
    varChildKey: row.varChildKey,
    varChildVal: row.varChildVal,
    etlJobName: row.etlJobName,
    etlBatchId: row.etlBatchId,
  };
}

/**
 * Who changed a variable last and when: the newer of its newest audit row and the row's own
 * lastUpdateUser and lastUpdateDate (the load jobs write those without an audit row). Read after
 * the transaction: SQLite has one connection.
 */
export async function etlStaleMessage(varId: number, row: Pick<EtlVariableRow, "lastUpdateUser" | "lastUpdateDate"> | null, timeZone: string): Promise<string> {
  const audited = await lastChangeOf(ETL_ENTITY, String(varId));
  const own = row?.lastUpdateUser && row.lastUpdateDate ? { actor: row.lastUpdateUser, at: row.lastUpdateDate } : null;
  const last = audited && own ? (Date.parse(own.at) > Date.parse(audited.at) ? own : audited) : (audited ?? own);
  return last ? ETL_MESSAGES.changedBy(last.actor, formatGridDateTime(last.at, timeZone)) : ETL_MESSAGES.changed;
}
