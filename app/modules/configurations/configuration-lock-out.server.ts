import { isAccessConfigurationKey, WRITE_PERMISSIONS } from "~/auth/authorization";
import { entryChangeProblem } from "~/auth/grant-rules";
import { canAccessPage, parseRequiredRolesForPages } from "~/auth/page-access";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { CONFIGURATION_MESSAGES } from "./configuration-form";
import { CONFIGURATION_WRITE_PERMISSION } from "./grid";
import { REQUIRED_ROLES_FOR_PAGES } from "./known-keys";

/**
 * The guard of the entries that decide access (authorization.ts: REQUIRED_ROLES_FOR_PAGES,
 * ALL_USER_ROLES, ACCESS_TO_QUOTE). Changing one (a new value, another group value, inactive,
 * deleted, or a new entry of the key) needs changingRoleData; a change to REQUIRED_ROLES_FOR_PAGES
 * may not open a page or permission the saver lacks to anyone (grant-rules.ts, decision 0060), nor
 * take the Configurations page or the permission to write there from the saver (decision 0038),
 * or nobody could put it right from the portal. The rows are read before the write's transaction
 * (SQLite has one connection); a change racing in between is the rare case the guard does not see.
 */
export const GUARDED_PAGES = ["configuration", CONFIGURATION_WRITE_PERMISSION] as const;
const ACCESS_PERMISSION = WRITE_PERMISSIONS.changeAccessConfiguration;

export interface RolesEntry {
  configId: number;
  configValue: string | null;
  configGroupValue: string | null;
  isActive: number;
}

export function readRolesEntries(): Promise<RolesEntry[]> {
  return getDb()
    .selectFrom("configurations")
    .select(["configId", "configValue", "configGroupValue", "isActive"])
    .where("configKey", "=", REQUIRED_ROLES_FOR_PAGES)
    .orderBy("configId")
    .execute();
}

/** The value the portal reads: the active row without a group value. */
function effectiveValue(entries: readonly RolesEntry[]): string | null {
  return entries.find((entry) => entry.isActive === 1 && (entry.configGroupValue ?? "") === "")?.configValue ?? null;
}

/** Whether going from these entries to those takes a guarded page from someone with these roles. */
export function locksOut(roles: readonly string[], before: readonly RolesEntry[], after: readonly RolesEntry[]): boolean {
  const pagesBefore = parseRequiredRolesForPages(effectiveValue(before));
  const pagesAfter = parseRequiredRolesForPages(effectiveValue(after));
  return GUARDED_PAGES.some((page) => canAccessPage(page, roles, pagesBefore) && !canAccessPage(page, roles, pagesAfter));
}

/** The entries with one changed (or added) entry in place. */
export function withEntry(entries: readonly RolesEntry[], changed: RolesEntry): RolesEntry[] {
  const others = entries.filter((entry) => entry.configId !== changed.configId);
  return [...others, changed].sort((a, b) => a.configId - b.configId);
}

/** Whether these roles may change the entries that decide access, under the entry in force. */
export async function mayChangeAccessEntries(roles: readonly string[]): Promise<boolean> {
  const current = parseRequiredRolesForPages(effectiveValue(await readRolesEntries()));
  return canAccessPage(ACCESS_PERMISSION, roles, current);
}

/**
 * Why the actor may not make a change touching entries of these keys, or null when they may.
 * `after` gives REQUIRED_ROLES_FOR_PAGES's entries as the change leaves them (omitted when the
 * change leaves them as they are).
 */
export async function accessEntryProblem(
  actor: Pick<UserClaims, "roles">,
  keys: readonly string[],
  after?: (before: RolesEntry[]) => RolesEntry[],
): Promise<string | null> {
  const guarded = keys.find(isAccessConfigurationKey);
  if (guarded === undefined) return null;
  const before = await readRolesEntries();
  const current = parseRequiredRolesForPages(effectiveValue(before));
  if (!canAccessPage(ACCESS_PERMISSION, actor.roles, current)) return CONFIGURATION_MESSAGES.accessOnlyWith(guarded, ACCESS_PERMISSION);
  if (!after || !keys.includes(REQUIRED_ROLES_FOR_PAGES)) return null;
  const next = after(before);
  if (locksOut(actor.roles, before, next)) return CONFIGURATION_MESSAGES.lockOut;
  return entryChangeProblem(actor.roles, current, parseRequiredRolesForPages(effectiveValue(next)));
}
