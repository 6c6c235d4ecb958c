import { BASE_ROLE, PERMISSION_DEFAULTS, ROLES_GRANTED_ONLY_WITH, WRITE_PERMISSIONS } from "./authorization";
import { ALWAYS_OPEN_PAGES, canAccessPage, OPEN_WITHOUT_CONFIGURATION, type RequiredRolesForPages } from "./page-access";
import { pagesOfAccess, ROUTE_POLICY } from "./route-policy";

/**
 * Nobody grants what they do not hold (Kubernetes RBAC's escalation rule, SQL's GRANT OPTION;
 * decision 0060). A role may be given or taken away only by a user who holds every page and
 * permission that role opens, and the roles of ROLES_GRANTED_ONLY_WITH only with their permission;
 * no change may leave a user holding a permission they did not hold before unless the actor holds
 * it too. A change to REQUIRED_ROLES_FOR_PAGES may not open a page or permission the saver lacks
 * to anyone who did not have it.
 */
export const GRANT_MESSAGES = {
  onlyWith: (role: string, permission: string, taking: boolean) => `${role} can be ${taking ? "taken away" : "given"} only by a user with ${permission}.`,
  opensMore: (role: string, pages: readonly string[], taking: boolean) =>
    `You cannot ${taking ? "take away" : "give"} ${role}: it opens ${listOf(pages)}, which you do not hold.`,
  beyondActor: (pages: readonly string[]) => `This change would give the user ${listOf(pages)}, which you do not hold.`,
  entryWidens: (openings: readonly string[]) => `This change would open ${listOf(openings)}, which you do not hold. Nothing was saved.`,
} as const;

function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

type Entry = RequiredRolesForPages | null;

/** Every page and permission name the portal knows: its routes' pages, its writes' permissions, and every page the entries list. */
export function permissionNames(...entries: readonly Entry[]): string[] {
  const names = new Set<string>([
    ...ALWAYS_OPEN_PAGES,
    ...OPEN_WITHOUT_CONFIGURATION,
    ...Object.values(WRITE_PERMISSIONS),
    ...Object.keys(PERMISSION_DEFAULTS),
  ]);
  for (const route of ROUTE_POLICY) for (const page of pagesOfAccess(route.access) ?? []) names.add(page);
  for (const entry of entries) for (const page of entry ?? []) names.add(page.pageName);
  return [...names].sort();
}

/** The pages and permissions these roles hold under an entry. */
export function permissionsHeld(roles: readonly string[], entry: Entry, names: readonly string[]): Set<string> {
  return new Set(names.filter((name) => canAccessPage(name, roles, entry)));
}

/** Who holds a page under an entry: every user, or the holders of these roles. */
type Holders = { everyone: true } | { everyone: false; roles: ReadonlySet<string> };

function holdersOf(name: string, entry: Entry): Holders {
  if (ALWAYS_OPEN_PAGES.includes(name)) return { everyone: true };
  if (entry === null) return OPEN_WITHOUT_CONFIGURATION.includes(name) ? { everyone: true } : { everyone: false, roles: new Set() };
  const listed = entry.find((page) => page.pageName === name)?.requiredRoles ?? PERMISSION_DEFAULTS[name];
  return listed ? { everyone: false, roles: new Set(listed) } : { everyone: true };
}

/** The pages a role opens because it is listed for them (pages open to everyone are nobody's to give). */
function pagesOpenedBy(role: string, entry: Entry, names: readonly string[]): string[] {
  return names.filter((name) => {
    const holders = holdersOf(name, entry);
    return !holders.everyone && holders.roles.has(role);
  });
}

/** Why the actor may not give (or take away) this role, or null when they may. */
export function roleGrantProblem(actorRoles: readonly string[], role: string, entry: Entry, taking = false): string | null {
  if (role === BASE_ROLE) return null;
  const names = permissionNames(entry);
  const needed = ROLES_GRANTED_ONLY_WITH[role];
  if (needed && !canAccessPage(needed, actorRoles, entry)) return GRANT_MESSAGES.onlyWith(role, needed, taking);
  const lacking = pagesOpenedBy(role, entry, names).filter((page) => !canAccessPage(page, actorRoles, entry));
  return lacking.length > 0 ? GRANT_MESSAGES.opensMore(role, lacking, taking) : null;
}

/** Of these roles, the ones the actor may give and take away. */
export function grantableRoles(actorRoles: readonly string[], roles: readonly string[], entry: Entry): string[] {
  return roles.filter((role) => roleGrantProblem(actorRoles, role, entry) === null);
}

/** Why the actor may not change a user's roles from `before` to `after`, or null when they may. */
export function roleChangeProblem(actorRoles: readonly string[], before: readonly string[], after: readonly string[], entry: Entry): string | null {
  for (const role of after.filter((role) => !before.includes(role))) {
    const problem = roleGrantProblem(actorRoles, role, entry);
    if (problem) return problem;
  }
  for (const role of before.filter((role) => !after.includes(role))) {
    const problem = roleGrantProblem(actorRoles, role, entry, true);
    if (problem) return problem;
  }
  const names = permissionNames(entry);
  const had = permissionsHeld(before, entry, names);
  const actor = permissionsHeld(actorRoles, entry, names);
  const beyond = [...permissionsHeld(after, entry, names)].filter((name) => !had.has(name) && !actor.has(name));
  return beyond.length > 0 ? GRANT_MESSAGES.beyondActor(beyond) : null;
}

function widening(before: Holders, after: Holders): string | null {
  if (before.everyone) return null;
  if (after.everyone) return "every user";
  const added = [...after.roles].filter((role) => !before.roles.has(role));
  return added.length > 0 ? listOf(added) : null;
}

/**
 * Why the actor may not change REQUIRED_ROLES_FOR_PAGES from `before` to `after` (the effective
 * entries, null for none usable), or null: the change may not open a page or permission the actor
 * does not hold to anyone who did not have it (the actor included).
 */
export function entryChangeProblem(actorRoles: readonly string[], before: Entry, after: Entry): string | null {
  const openings: string[] = [];
  for (const name of permissionNames(before, after)) {
    if (canAccessPage(name, actorRoles, before)) continue;
    const to = widening(holdersOf(name, before), holdersOf(name, after));
    if (to) openings.push(`${name} to ${to}`);
  }
  return openings.length > 0 ? GRANT_MESSAGES.entryWidens(openings) : null;
}
