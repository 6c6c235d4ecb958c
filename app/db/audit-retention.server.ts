import type { Logger } from "~/lib/logger.server";
import { auditedTransaction, recordAudit } from "./audit-log.server";
import type { PortalDatabase } from "./connect.server";

/**
 * Retention of the audit log (issue 29, decision 0088): AUDIT_RETENTION_DAYS, unset by default
 * (every event kept). Pruning removes the oldest events, a prefix of the chain in id order, and is
 * itself an event, in the same audited transaction: it names the first event kept and the hash
 * that event is chained to, where `npm run audit:verify` starts the verified segment.
 */
export const PRUNE_ACTION = "pruneAuditLog";
export const PRUNE_ENTITY = "auditLog";
export const PRUNE_ACTOR = "(retention)";

/** What a prune event records beside its message. */
export interface PruneMark {
  /**
   * The first event kept; null when none was: the prune event is then the log's first event,
   * chained to nothing as a first event is, and `previousHash` only records where the removed chain ended.
   */
  firstKeptId: number | null;
  /** The hash the first event kept (or the prune event) is chained to: the last removed event's. */
  previousHash: string;
  removed: number;
}

export interface PruneResult {
  removed: number;
  firstKeptId: number | null;
}

const DAY_MS = 86_400_000;

/**
 * Removes the events older than `keepDays` days before `now`: every event before the first one at
 * or after the cutoff (an id prefix, so the rest of the chain stays whole), then records the prune.
 * Nothing to remove: no event.
 */
export function pruneAuditLog(database: PortalDatabase, keepDays: number, now: Date = new Date()): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS).toISOString();
  return auditedTransaction(async (trx) => {
    const kept = await trx
      .selectFrom("auditLog")
      .select((eb) => eb.fn.min("id").as("id"))
      .where("at", ">=", cutoff)
      .executeTakeFirst();
    const firstKeptId = kept?.id === null || kept?.id === undefined ? null : Number(kept.id);
    const removable = trx.selectFrom("auditLog").$if(firstKeptId !== null, (query) => query.where("id", "<", firstKeptId ?? 0));
    const last = await removable.select(["id", "hash"]).orderBy("id", "desc").limit(1).executeTakeFirst();
    if (!last?.hash) return { removed: 0, firstKeptId };
    const deleted = await trx.deleteFrom("auditLog").where("id", "<=", last.id).executeTakeFirst();
    const removed = Number(deleted.numDeletedRows);
    const mark: PruneMark = { firstKeptId, previousHash: last.hash, removed };
    await recordAudit(trx, {
      actor: PRUNE_ACTOR,
      action: PRUNE_ACTION,
      entity: PRUNE_ENTITY,
      entityId: null,
      before: null,
      after: { message: `Removed ${removed} events older than ${keepDays} days (before ${cutoff}).`, ...mark },
      at: now,
    });
    return { removed, firstKeptId };
  }, database);
}

/** The newest prune event's mark, where the verified segment starts; null when the log was never pruned. */
export async function latestPruneMark(database: PortalDatabase): Promise<(PruneMark & { eventId: number }) | null> {
  const row = await database.db
    .selectFrom("auditLog")
    .select(["id", "afterValue"])
    .where("action", "=", PRUNE_ACTION)
    .where("entity", "=", PRUNE_ENTITY)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row?.afterValue) return null;
  const value: unknown = JSON.parse(row.afterValue);
  if (typeof value !== "object" || value === null) return null;
  const { firstKeptId, previousHash, removed } = value as Record<string, unknown>;
  if (typeof previousHash !== "string" || typeof removed !== "number" || (firstKeptId !== null && typeof firstKeptId !== "number")) return null;
  return { eventId: row.id, firstKeptId, previousHash, removed };
}

/**
 * Prunes now and once a day while the portal runs, when a retention is set; the answer stops it.
 * Every instance sharing a database may run it: the prune takes the chain's lock, and a second one
 * the same day finds nothing to remove and records nothing.
 */
export function scheduleAuditRetention(database: PortalDatabase, keepDays: number | null, logger: Logger, everyMs: number = DAY_MS): () => void {
  if (keepDays === null) return () => undefined;
  const run = () =>
    pruneAuditLog(database, keepDays).then(
      (result) => {
        if (result.removed > 0) logger.info("Audit events pruned", { removed: result.removed, keepDays, firstKeptId: result.firstKeptId });
      },
      (error: unknown) => logger.error("Pruning the audit log failed", { error }),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
