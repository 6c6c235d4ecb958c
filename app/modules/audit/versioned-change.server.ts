import type { DeleteResult, Transaction, UpdateResult } from "kysely";
import { recordRefusedWrite, type RefusedWrite } from "~/db/audit-events.server";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import type { Database } from "~/db/types";
import { formatInstant } from "~/lib/date-format";
import { conflict, type ActionOutcome, type ConflictOutcome, type PopUpMessage } from "~/write-path/action-outcome";
import { lastChangeOf } from "./record-history.server";

/**
 * The one way an admin record is changed from a form that read it at a version (DESIGN §6): in one
 * transaction the row is read, its version compared with the one the form carried, the change made
 * and its audit row written. A row changed since is refused with the conflict message naming who
 * changed it and when (its newest audit row, read after the transaction: SQLite has one
 * connection); a row that is gone gets the caller's own answer. So a double submit acts once: the
 * second finds a newer version.
 */

export type Trx = Transaction<Database>;

/** What `apply` answers when its conditional write (`where rowVersion = version`) found a newer row. */
export const STALE = "stale" as const;

/** A change made: the answer, and the audit row the helper writes in the same transaction. */
export interface AuditedChange {
  kind: "changed";
  outcome: ActionOutcome;
  action: string;
  before: unknown;
  after: unknown;
  /** More of the same write, after its audit row and in its transaction (a provider's logo): what it throws rolls all of it back. */
  andThen?: (trx: Trx) => Promise<void>;
}

export function changed(
  outcome: ActionOutcome,
  audit: { action: string; before: unknown; after: unknown; andThen?: (trx: Trx) => Promise<void> },
): AuditedChange {
  return { kind: "changed", outcome, ...audit };
}

/** Whether a conditional write touched exactly the one row (else someone changed it in between). */
export function wroteOne(result: UpdateResult | DeleteResult): boolean {
  return Number("numUpdatedRows" in result ? result.numUpdatedRows : result.numDeletedRows) === 1;
}

/** The words of a stale refusal: naming who and when, or without a recorded change. */
export interface StaleWords {
  changedBy(who: string, when: string): string;
  changed: string;
}

export interface LastChange {
  actor: string;
  at: string;
}

/** The newer of a row's own last change (its updated-by and -at columns) and its newest audit row, either of which may be missing. */
export function newerChange(own: LastChange | null, audited: LastChange | null): LastChange | null {
  return audited && own ? (Date.parse(own.at) > Date.parse(audited.at) ? own : audited) : (audited ?? own);
}

export interface VersionedChange<Row> {
  /** The audit log's names of the record. */
  entity: string;
  entityId: string;
  /** The write, as its audit row names it: a stale refusal is recorded under it (decision 0087). */
  action: string;
  /** The row's version as the form read it. */
  version: number;
  actor: string;
  now: Date;
  /** For the stale message's date. */
  timeZone: string;
  /** The row as it is now, inside the transaction; undefined when there is none. */
  load(trx: Trx): Promise<Row | undefined>;
  versionOf(row: Row): number;
  /** The answer when the row is not there (deleted since, or never was). */
  gone: ActionOutcome;
  stale: StaleWords;
  /**
   * Who changed the row last when the audit log is not the only witness (rows that jobs write with
   * their own user and date); the newest audit row otherwise. `row` is null when the conditional
   * write found the newer version.
   */
  lastChange?(row: Row | null, audited: LastChange | null): LastChange | null;
  /** The change itself: a change made, an answer without a write (a refusal), or STALE. */
  apply(trx: Trx, row: Row): Promise<AuditedChange | ActionOutcome | typeof STALE>;
}

type Result<Row> = { kind: "answered"; outcome: ActionOutcome } | { kind: "stale"; row: Row | null };

const isChange = (value: AuditedChange | ActionOutcome): value is AuditedChange => value.kind === "changed";

async function staleRefusal(
  entity: string,
  entityId: string,
  words: StaleWords,
  timeZone: string,
  lastChange?: (audited: LastChange | null) => LastChange | null,
): Promise<ConflictOutcome> {
  const audited = await lastChangeOf(entity, entityId);
  const last = lastChange ? lastChange(audited) : audited;
  return conflict({ title: "Fail", message: last ? words.changedBy(last.actor, formatInstant(last.at, timeZone, "detail")) : words.changed });
}

export async function versionedChange<Row>(change: VersionedChange<Row>): Promise<ActionOutcome> {
  const result = await auditedTransaction(async (trx): Promise<Result<Row>> => {
    const row = await change.load(trx);
    if (row === undefined) return { kind: "answered", outcome: change.gone };
    if (change.versionOf(row) !== change.version) return { kind: "stale", row };
    const applied = await change.apply(trx, row);
    if (applied === STALE) return { kind: "stale", row: null };
    if (!isChange(applied)) return { kind: "answered", outcome: applied };
    await recordAudit(trx, {
      actor: change.actor,
      action: applied.action,
      entity: change.entity,
      entityId: change.entityId,
      before: applied.before,
      after: applied.after,
      at: change.now,
    });
    if (applied.andThen) await applied.andThen(trx);
    return { kind: "answered", outcome: applied.outcome };
  });
  if (result.kind === "answered") return result.outcome;
  const { lastChange } = change;
  const refusal = await staleRefusal(
    change.entity,
    change.entityId,
    change.stale,
    change.timeZone,
    lastChange ? (audited) => lastChange(result.row, audited) : undefined,
  );
  await recordStaleRefusal({ actor: change.actor, action: change.action, entity: change.entity, entityId: change.entityId, at: change.now }, refusal.message);
  return refusal;
}

/** Who tried to change a row that had changed since they read it: an event of its own (decision 0087), after the refusal's words are known. */
export function recordStaleRefusal(attempt: Omit<RefusedWrite, "message" | "permission">, message: PopUpMessage): Promise<void> {
  return recordRefusedWrite({ ...attempt, message: message.message });
}
