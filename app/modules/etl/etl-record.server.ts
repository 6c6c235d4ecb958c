import type { Selectable } from "kysely";
import type { EtlVariablesTable } from "~/db/types";
import type { LastChange } from "~/modules/audit/versioned-change.server";

/** What every ETL variable write shares: the audit entity, the audit snapshot, who changed it last. */
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
 * Who changed a variable last: the newer of its newest audit row and the row's own lastUpdateUser
 * and lastUpdateDate (the load jobs write those without an audit row).
 */
export function newerChange(row: Pick<EtlVariableRow, "lastUpdateUser" | "lastUpdateDate"> | null, audited: LastChange | null): LastChange | null {
  const own = row?.lastUpdateUser && row.lastUpdateDate ? { actor: row.lastUpdateUser, at: row.lastUpdateDate } : null;
  return audited && own ? (Date.parse(own.at) > Date.parse(audited.at) ? own : audited) : (audited ?? own);
}
