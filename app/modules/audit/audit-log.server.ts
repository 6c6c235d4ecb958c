import type { Transaction } from "kysely";
import type { Database } from "~/db/types";
import { currentRequestContext } from "~/lib/request-context.server";

export interface AuditEntry {
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

/** One audit row (who, what, before, after, when), written in the caller's transaction. */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("auditLog")
    .values({
      at: entry.at.toISOString(),
      actor: entry.actor,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      beforeValue: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      afterValue: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      requestId: currentRequestContext()?.requestId ?? null,
    })
    .execute();
}
