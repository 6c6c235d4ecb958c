import { roleGrantProblem } from "~/auth/grant-rules";
import { loadRequiredRolesForPages } from "~/auth/require-page.server";
import { readCodeLabels, type CodeLabel } from "~/platform/configuration/configuration-values.server";
import type { OfferedRole } from "./role-rules";

export const ALL_USER_ROLES_KEY = "ALL_USER_ROLES";

/** The roles that can be assigned (ALL_USER_ROLES, platform spec §6), in the configured order. */
export function assignableRoles(): Promise<CodeLabel[]> {
  return readCodeLabels(ALL_USER_ROLES_KEY);
}

/** The assignable roles as the actor's roles forms offer them: each greyed unless the actor may give and take it away. */
export async function rolesOfferedTo(actorRoles: readonly string[], assignable?: readonly CodeLabel[]): Promise<OfferedRole[]> {
  const [roles, entry] = await Promise.all([assignable ?? assignableRoles(), loadRequiredRolesForPages()]);
  return roles.map((role) => ({ ...role, grantable: roleGrantProblem(actorRoles, role.code, entry) === null }));
}
