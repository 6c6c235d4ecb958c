import { readCodeLabels, type CodeLabel } from "~/platform/configuration/configuration-values.server";

export const ALL_USER_ROLES_KEY = "ALL_USER_ROLES";

/** The roles that can be assigned (ALL_USER_ROLES, platform spec §6), in the configured order. */
export function assignableRoles(): Promise<CodeLabel[]> {
  return readCodeLabels(ALL_USER_ROLES_KEY);
}
