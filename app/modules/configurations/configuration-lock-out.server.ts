import { canAccessPage, parseRequiredRolesForPages } from "~/auth/page-access";
import { getDb } from "~/db/db.server";
import { CONFIGURATION_WRITE_PERMISSION } from "./grid";
import { REQUIRED_ROLES_FOR_PAGES } from "./known-keys";

/**
 * The lock-out guard: a change to REQUIRED_ROLES_FOR_PAGES (a new value, another group value,
 * inactive, deleted) may not take the Configurations page, or the permission to write there
 * (decision 0038), from the person making it, or nobody could put it right from the portal. The rows are read before the write's transaction (SQLite
 * has one connection); a change racing in between is the rare case the guard does not see.
 */
export const GUARDED_PAGES = ["configuration", CONFIGURATION_WRITE_PERMISSION] as const;

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
