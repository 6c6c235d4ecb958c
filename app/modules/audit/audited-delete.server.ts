import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { deleteByKeys, keyOf, rowsByKeys, type KeyedTable, type NumericKey } from "~/db/keyed-table.server";
import type { Database, Row } from "~/db/types";

/** An admin record deleted with an audit row: its table, the audit log's names, and what the audit row keeps of it. */
export interface AuditedRecord<T extends keyof Database, K extends NumericKey<T>> {
  table: KeyedTable<T, K>;
  entity: string;
  deleteAction: string;
  snapshot(row: Row<T>): Record<string, unknown>;
}

/**
 * Deletes the rows of these keys in one transaction with an audit row each, or none of them: the
 * answer is the keys no longer there (deleted by someone else meanwhile), empty when all went.
 */
export async function deleteAudited<T extends keyof Database, K extends NumericKey<T>>(
  record: AuditedRecord<T, K>,
  writer: { actor: { login: string }; now?: Date },
  keys: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(keys)];
  const now = writer.now ?? new Date();
  return auditedTransaction(async (trx) => {
    const rows = await rowsByKeys(trx, record.table, ids);
    const found = new Set(rows.map((row) => keyOf(record.table, row)));
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0 || ids.length === 0) return gone;
    await deleteByKeys(trx, record.table, ids);
    for (const row of rows) {
      await recordAudit(trx, {
        actor: writer.actor.login,
        action: record.deleteAction,
        entity: record.entity,
        entityId: String(keyOf(record.table, row)),
        before: record.snapshot(row),
        after: null,
        at: now,
      });
    }
    return [];
  });
}
