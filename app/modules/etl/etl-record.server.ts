import { keyedTable } from "~/db/keyed-table.server";
import type { Row } from "~/db/types";
import type { AuditedRecord } from "~/modules/audit/audited-delete.server";
import { newerChange, type LastChange } from "~/modules/audit/versioned-change.server";

/** What every ETL variable write shares: the table, the audit entity, the audit snapshot, who changed it last. */
export const ETL_TABLE = keyedTable("etlVariables", "varId");
export const ETL_ENTITY = "etlVariable";
export const ETL_ACTIONS = { create: "createEtlVariable", update: "updateEtlVariable", delete: "deleteEtlVariable" } as const;

export type EtlVariableRow = Row<"etlVariables">;
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

export const ETL_RECORD: AuditedRecord<"etlVariables", "varId"> = {
  table: ETL_TABLE,
  entity: ETL_ENTITY,
  deleteAction: ETL_ACTIONS.delete,
  snapshot: etlSnapshot,
};

/**
 * Who changed a variable last: the newer of its newest audit row and the row's own lastUpdateUser
 * and lastUpdateDate (the load jobs write those without an audit row).
 */
export function lastEtlChange(row: Pick<EtlVariableRow, "lastUpdateUser" | "lastUpdateDate"> | null, audited: LastChange | null): LastChange | null {
  return newerChange(row?.lastUpdateUser && row.lastUpdateDate ? { actor: row.lastUpdateUser, at: row.lastUpdateDate } : null, audited);
}
