import type { Transaction } from "kysely";
import { BASE_ROLE, WRITE_PERMISSIONS } from "~/auth/authorization";
import { roleChangeProblem } from "~/auth/grant-rules";
import { canAccessPage, type RequiredRolesForPages } from "~/auth/page-access";
import { loadRequiredRolesForPages } from "~/auth/require-page.server";
import type { UserClaims } from "~/auth/user-claims";
import { recordRefusedWrite } from "~/db/audit-events.server";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import type { Database } from "~/db/types";
import { formatInstant } from "~/lib/date-format";
import { parseRoleList } from "~/lib/role-list";
import { lastChangeOf } from "~/modules/audit/record-history.server";
import { DIRECTORY_ACTIVE } from "./directory-query.server";
import { ROLE_MESSAGES, rolesToStore } from "./role-rules";

/**
 * Changing a directory user's roles (platform spec §5, §7 POST {auth users}/{id}): DIP_PORTAL kept
 * and first, the change and its audit row in one transaction. The user's `lastUpdated` is the
 * version a form was read at: saving over a newer one is refused, naming who changed it and when.
 * A user may not take from themselves the roles that let them open User Roles and change roles,
 * and nobody may give or take away what they do not hold (grant-rules.ts, decision 0060).
 */
export const USER_ENTITY = "user";
export const ROLE_CHANGE_ACTION = "changeRoles";
/** The pages an admin must keep for themselves (the lock-out guard). */
const PAGES_TO_KEEP = ["userroles", "changingRoleData"] as const;

export type RoleChange =
  | { kind: "saved"; login: string; roles: string[] }
  | { kind: "refused"; login: string | null; reason: string }
  | { kind: "stale"; login: string; reason: string };

interface AssignInput {
  actor: UserClaims;
  /** The user's directory id, or their login (an application names its user by login). */
  user: string;
  chosen: readonly string[];
  assignable: readonly string[];
  /** The version the form was read at; absent for a bulk assignment, which shows no roles to overwrite. */
  version?: string;
  now: Date;
}

type Trx = Transaction<Database>;

async function findUser(trx: Trx, idOrLogin: string) {
  const columns = ["id", "login", "dloedrprole", "status", "lastUpdated"] as const;
  return (
    (await trx.selectFrom("users").select(columns).where("id", "=", idOrLogin).executeTakeFirst()) ??
    (await trx.selectFrom("users").select(columns).where("login", "=", idOrLogin).executeTakeFirst())
  );
}

/** A version after the previous one even when two saves fall in the same millisecond. */
function nextVersion(previous: string, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();
}

/** Whether these roles would take from the actor a page they have now (read before the transaction: SQLite has one connection). */
function locksOutActor(input: AssignInput, userId: string, roles: readonly string[], pages: RequiredRolesForPages | null): boolean {
  if (userId !== input.actor.id) return false;
  return PAGES_TO_KEEP.some((page) => canAccessPage(page, input.actor.roles, pages) && !canAccessPage(page, roles, pages));
}

async function staleReason(userId: string, timeZone: string): Promise<string> {
  const last = await lastChangeOf(USER_ENTITY, userId);
  return last ? ROLE_MESSAGES.changedBy(last.actor, formatInstant(last.at, timeZone, "detail")) : ROLE_MESSAGES.changed;
}

/** One user's role change, in its own transaction (a bulk assignment's users succeed or fail one by one). */
export async function assignRoles(input: AssignInput, timeZone: string): Promise<RoleChange> {
  const required = rolesToStore(input.chosen, input.assignable);
  const pages = await loadRequiredRolesForPages();
  type Refusal = { kind: "stale"; userId: string; login: string } | { kind: "escalation"; userId: string; login: string; reason: string };
  const outcome = await auditedTransaction(async (trx): Promise<RoleChange | Refusal> => {
    const user = await findUser(trx, input.user);
    if (!user) return { kind: "refused", login: null, reason: ROLE_MESSAGES.noUser };
    const before = parseRoleList(user.dloedrprole);
    if (user.status !== DIRECTORY_ACTIVE || !before.includes(BASE_ROLE)) return { kind: "refused", login: user.login, reason: ROLE_MESSAGES.notListed };
    if (input.version !== undefined && input.version !== user.lastUpdated) return { kind: "stale", userId: user.id, login: user.login };
    if (locksOutActor(input, user.id, required, pages)) return { kind: "refused", login: user.login, reason: ROLE_MESSAGES.selfLockout };
    const escalation = roleChangeProblem(input.actor.roles, before, required, pages);
    if (escalation) return { kind: "escalation", userId: user.id, login: user.login, reason: escalation };
    const updated = await trx
      .updateTable("users")
      .set({ dloedrprole: JSON.stringify(required), lastUpdated: nextVersion(user.lastUpdated, input.now) })
      .where("id", "=", user.id)
      .where("lastUpdated", "=", user.lastUpdated)
      .executeTakeFirst();
    // Another save between the read and this write: the same as a stale form.
    if (Number(updated.numUpdatedRows) !== 1) return { kind: "stale", userId: user.id, login: user.login };
    await recordAudit(trx, {
      actor: input.actor.login,
      action: ROLE_CHANGE_ACTION,
      entity: USER_ENTITY,
      entityId: user.id,
      before: { roles: before },
      after: { roles: required },
      at: input.now,
    });
    return { kind: "saved", login: user.login, roles: required };
  });
  if (outcome.kind !== "escalation" && (outcome.kind !== "stale" || !("userId" in outcome))) return outcome;
  // Refused for what the actor does not hold, or for a newer version: who tried what, as an event of its own (decision 0087).
  const attempt = { actor: input.actor.login, action: ROLE_CHANGE_ACTION, entity: USER_ENTITY, entityId: outcome.userId, at: input.now };
  if (outcome.kind === "escalation") {
    await recordRefusedWrite({ ...attempt, message: outcome.reason, permission: WRITE_PERMISSIONS.changeUserRoles });
    return { kind: "refused", login: outcome.login, reason: outcome.reason };
  }
  const reason = await staleReason(outcome.userId, timeZone);
  await recordRefusedWrite({ ...attempt, message: reason });
  return { kind: "stale", login: outcome.login, reason };
}
