import { auditedTransaction, recordAudit } from "./audit-log.server";
import type { PortalDatabase } from "./connect.server";
import { getDatabase } from "./db.server";

/**
 * The audit events that record what did not change anything (issue 29, decision 0087): a write
 * refused by its own permission or because its row changed since it was read, and a sign-in that
 * succeeded or failed. Each is one event in an audited transaction of its own, chained like every
 * change (decision 0084), with its outcome (decision 0086); what was refused wrote nothing else.
 * The reason goes in the event's `message` field, the Activity screen's note; never a password.
 */
export const SIGN_IN_ACTION = "signIn";
/** The audit log's name for a user, as the role changes record it. */
export const SIGN_IN_ENTITY = "user";

/** Longest text an event keeps of what a client sent (a typed login, a row id). */
const MAX_TEXT = 200;
const clipped = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

export interface RefusedWrite {
  actor: string;
  /** The write that was tried: its audit action (or its grid intent). */
  action: string;
  entity: string;
  entityId: string | null;
  /** Why, as the user was told. */
  message: string;
  /** The permission the write needed and the actor lacked, for a permission refusal. */
  permission?: string;
  at?: Date;
}

export function recordRefusedWrite(refusal: RefusedWrite): Promise<void> {
  const after = { message: refusal.message, ...(refusal.permission ? { permission: refusal.permission } : {}) };
  return auditedTransaction((trx) =>
    recordAudit(trx, {
      actor: refusal.actor,
      action: refusal.action,
      entity: refusal.entity,
      entityId: refusal.entityId === null ? null : clipped(refusal.entityId),
      before: null,
      after,
      at: refusal.at ?? new Date(),
      outcome: "refused",
    }),
  );
}

export interface SignInEvent {
  /** The login as typed (a failure) or as the identity provider vouches for it (a success). */
  login: string;
  /** The user's id when known. */
  userId: string | null;
  succeeded: boolean;
  /** Which check: the built-in identity provider's password form, or the portal's callback. */
  via: "password" | "callback";
  message: string;
  /** The client address as the sign-in throttle counts it. */
  address?: string;
  at?: Date;
}

/** A sign-in as an event; the identity provider passes its own database (it may be another process's wiring). */
export function recordSignInEvent(event: SignInEvent, database: PortalDatabase = getDatabase()): Promise<void> {
  const after = { message: event.message, via: event.via, ...(event.address ? { address: event.address } : {}) };
  return auditedTransaction(
    (trx) =>
      recordAudit(trx, {
        actor: clipped(event.login),
        action: SIGN_IN_ACTION,
        entity: SIGN_IN_ENTITY,
        entityId: event.userId,
        before: null,
        after,
        at: event.at ?? new Date(),
        outcome: event.succeeded ? "done" : "failed",
      }),
    database,
  );
}
