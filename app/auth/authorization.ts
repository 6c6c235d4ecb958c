/**
 * The one authorization table of the portal (client-safe): what each role means beyond the
 * REQUIRED_ROLES_FOR_PAGES configuration entry, the permission each write needs besides its page,
 * who may grant which role, and which configuration entries decide access. Role names are compared
 * here and nowhere else in the app; pages are listed with their routes in route-policy.ts
 * (docs/decisions/0060-one-authorization-table.md).
 */

/** The base role of every portal user: always kept, first in a role list (platform spec §5, §6). */
export const BASE_ROLE = "DIP_PORTAL";

/** Provider users: barred from the administration pages, and locked to their provider unless they also hold a staff role. */
export const PROVIDER_ROLE = "DIP_PROVIDER";
/** The operating company's staff: they see every provider, and hold the portal's own permissions by default. */
const OPERATING_STAFF_ROLES: readonly string[] = ["DIP_POWER", "DIP_ADMIN"];
const ROLES_LIFTING_PROVIDER_SCOPE = OPERATING_STAFF_ROLES;

/** The administration area: a DIP_PROVIDER user is barred from it whatever the entry says (platform spec §6). */
export const ADMIN_PAGES: readonly string[] = [
  "admin",
  "userroles",
  "applications",
  "providers",
  "configuration",
  "shopRegistration",
  "devices",
  "feedbackError",
  "redshiftETLDashboard",
  "activity",
];

/** The permission each write needs besides its screen's page; a permission is a page name of REQUIRED_ROLES_FOR_PAGES. */
export const WRITE_PERMISSIONS = {
  /** A user's roles (User Roles' form and bulk assignment; platform spec §6). */
  changeUserRoles: "changingRoleData",
  /** Applications' Bulk Role(s) Assignment (dashboards spec §6: DIP_POWER and DIP_ADMIN, see PERMISSION_DEFAULTS). */
  assignRolesFromApplications: "assigningApplicationRoles",
  /** A provider's form (platform spec §6). */
  changeProvider: "changingProviderData",
  /** Add new provider (platform spec §6). */
  addProvider: "addingNewProvider",
  /** Configuration entries (decision 0038: open unless listed). */
  changeConfiguration: "changingConfigurationData",
  /** The configuration entries that decide access (ACCESS_CONFIGURATION_KEYS), besides changeConfiguration. */
  changeAccessConfiguration: "changingRoleData",
  /** Redshift ETL variables (decision 0040: open unless listed). */
  changeEtlVariable: "changingEtlData",
} as const;
export type WritePermission = (typeof WRITE_PERMISSIONS)[keyof typeof WRITE_PERMISSIONS];

/**
 * Permissions the portal names itself (not the spec's page names), with the roles that hold one
 * while REQUIRED_ROLES_FOR_PAGES does not list it; listing it there overrides the default.
 */
export const PERMISSION_DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  assigningApplicationRoles: OPERATING_STAFF_ROLES,
  /**
   * The Activity screen (issue 29, decision 0085): the whole audit log, so closed by default. A
   * database whose REQUIRED_ROLES_FOR_PAGES was written before the screen existed does not list it,
   * and an unlisted page would be open to every signed-in user.
   */
  activity: OPERATING_STAFF_ROLES,
};

/**
 * Roles that only a holder of a permission may give or take away, besides holding every page the
 * role opens (Kubernetes RBAC's escalation rule; decision 0060).
 */
export const ROLES_GRANTED_ONLY_WITH: Readonly<Record<string, string>> = {
  DIP_ADMIN: WRITE_PERMISSIONS.changeUserRoles,
  CCC_Admin: WRITE_PERMISSIONS.changeUserRoles,
};

/** Configuration entries that decide who may do what: changed only with changeAccessConfiguration. */
export const ACCESS_CONFIGURATION_KEYS: readonly string[] = ["REQUIRED_ROLES_FOR_PAGES", "ALL_USER_ROLES", "ACCESS_TO_QUOTE"];

/** DIP_PROVIDER without DIP_POWER or DIP_ADMIN: locked to the provider of their company. */
export function isProviderOnly(roles: readonly string[]): boolean {
  return roles.includes(PROVIDER_ROLE) && !ROLES_LIFTING_PROVIDER_SCOPE.some((role) => roles.includes(role));
}

/** Whether these roles are barred from a page whatever the configuration says. */
export function barredFromPage(pageName: string, roles: readonly string[]): boolean {
  return ADMIN_PAGES.includes(pageName) && roles.includes(PROVIDER_ROLE);
}

export function isAccessConfigurationKey(configKey: string): boolean {
  return ACCESS_CONFIGURATION_KEYS.includes(configKey);
}
