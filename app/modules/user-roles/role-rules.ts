import { BASE_ROLE } from "~/auth/authorization";

export const AVAILABLE_ACTIONS_LABEL = "Available Actions";

/** A role of ALL_USER_ROLES as a roles form offers it: greyed when the user may not give or take it away (grant-rules.ts). */
export interface OfferedRole {
  code: string;
  label: string;
  grantable: boolean;
}

/** Platform spec §8 and issue 12: what a role assignment answers. */
export const ROLE_MESSAGES = {
  saved: { title: "Success", message: "Successfully Updated the role of the User" },
  failedTitle: "Error",
  bulkTitle: "Bulk Role Assignment result",
  bulkDialogTitle: "Bulk Role(s) Assignment",
  unknownRole: (role: string) => `"${role.slice(0, 40)}" is not a role that can be assigned.`,
  selfLockout: "You cannot remove from yourself the roles that let you open User Roles and change roles.",
  noUser: "This user is not in the directory any more.",
  notListed: "This user is not an active portal user.",
  changedBy: (who: string, when: string) =>
    `This user's roles were changed by ${who} at ${when} after you opened them. Nothing was saved; the form shows the roles as they are now.`,
  changed: "This user was changed after you opened them. Nothing was saved; the form shows the roles as they are now.",
} as const;

/**
 * The role list to store (platform spec §5, dashboards spec §4): DIP_PORTAL always kept and first,
 * then the chosen roles in the order of ALL_USER_ROLES, each once.
 */
export function rolesToStore(chosen: readonly string[], assignable: readonly string[]): string[] {
  const wanted = new Set(chosen);
  return [BASE_ROLE, ...assignable.filter((role) => role !== BASE_ROLE && wanted.has(role))];
}

/** The chosen roles ALL_USER_ROLES does not list (forged or stale form values). */
export function unknownRoles(chosen: readonly string[], assignable: readonly string[]): string[] {
  return [...new Set(chosen)].filter((role) => role !== BASE_ROLE && !assignable.includes(role));
}
