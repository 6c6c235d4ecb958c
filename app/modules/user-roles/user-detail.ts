import type { HistoryEntry } from "~/modules/audit/history";
import type { OfferedRole } from "./role-rules";

/** The expanded row of a User Roles user (client-safe): their details, roles and History. */
export interface UserRoleDetail {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  parent: string;
  status: string;
  created: string;
  lastUpdated: string;
  /** The version the roles form is read at (the row's last update, as stored). */
  version: string;
  roles: string[];
  /** ALL_USER_ROLES, in order: the checkboxes, each greyed unless the signed-in user may give it. */
  assignable: OfferedRole[];
  history: HistoryEntry[];
}

export const SAVE_ROLES_INTENT = "saveRoles";
export const ROLES_FIELD = "roles";
export const VERSION_FIELD = "version";
