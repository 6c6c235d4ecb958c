/**
 * Who may do what in the demo, as the seed writes it: the roles, the REQUIRED_ROLES_FOR_PAGES
 * configuration entry and the four demo accounts. Tests and the README import these constants.
 * They are part of the app, not of the seed: the start-up banner names the demo accounts, and the
 * seed (a tool that imports the app, never the reverse) writes them.
 */

import { PERMISSION_DEFAULTS } from "./authorization";

export const PORTAL_ROLES = ["DIP_PORTAL", "DIP_PROVIDER", "DIP_POWER", "DIP_ADMIN", "CCC_Admin"] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

function isPortalRole(role: string): role is PortalRole {
  return (PORTAL_ROLES as readonly string[]).includes(role);
}

export interface PageRoles {
  pageName: string;
  requiredRoles: readonly PortalRole[];
}

const PROVIDER_AND_STAFF: readonly PortalRole[] = ["DIP_PROVIDER", "DIP_POWER", "DIP_ADMIN", "CCC_Admin"];
const STAFF: readonly PortalRole[] = ["DIP_POWER", "DIP_ADMIN", "CCC_Admin"];
const ADMINS: readonly PortalRole[] = ["DIP_ADMIN", "CCC_Admin"];

function pages(names: readonly string[], requiredRoles: readonly PortalRole[]): PageRoles[] {
  return names.map((pageName) => ({ pageName, requiredRoles }));
}

/** The value of REQUIRED_ROLES_FOR_PAGES: a listed page needs at least one of its roles. */
export const REQUIRED_ROLES_FOR_PAGES: readonly PageRoles[] = [
  ...pages(["transactions", "quote", "dashboard", "reports"], PROVIDER_AND_STAFF),
  ...pages(
    ["scanResults", "admin", "userroles", "providers", "configuration", "shopRegistration", "devices", "applications", "feedbackError", "redshiftETLDashboard"],
    STAFF,
  ),
  ...pages(["changingRoleData", "addingNewProvider", "changingProviderData"], ADMINS),
  // The Activity screen: every change, refused write and sign-in in the portal (issue 29, decision 0085),
  // listed with the roles the authorization table gives it by default.
  ...pages(["activity"], PERMISSION_DEFAULTS.activity.filter(isPortalRole)),
  ...pages(["devtools"], ["DIP_ADMIN"]),
];

/** The value of ACCESS_TO_QUOTE: roles that may use the quote area; providerIds, when not empty, limits it to those providers' users. */
export const ACCESS_TO_QUOTE = {
  roles: ["DIP_POWER", "DIP_ADMIN", "CCC_Admin", "DIP_PROVIDER"] as readonly PortalRole[],
  providerIds: [] as readonly number[],
};

/** The provider whose staff the `provider` demo account belongs to; it has the most transactions. */
export const DEMO_PROVIDER_ID = 1001;

/** The id under which product (CCC) staff appear as the parent organisation. */
export const CCC_ORGANISATION_ID = 99999999;

export interface DemoAccount {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: readonly PortalRole[];
  companyId: number | null;
}

/** Sign in with these logins and the demo password (DEMO_PASSWORD, default `demo-portal`). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: "00udemoadmin00000001",
    login: "admin",
    firstName: "Avery",
    lastName: "Admin",
    email: "admin@demo.portal.example",
    roles: ["DIP_PORTAL", "DIP_ADMIN"],
    companyId: null,
  },
  {
    id: "00udemopower00000002",
    login: "power",
    firstName: "Parker",
    lastName: "Power",
    email: "power@demo.portal.example",
    roles: ["DIP_PORTAL", "DIP_POWER"],
    companyId: null,
  },
  {
    id: "00udemoprovider00003",
    login: "provider",
    firstName: "Riley",
    lastName: "Provider",
    email: "provider@demo.portal.example",
    roles: ["DIP_PORTAL", "DIP_PROVIDER"],
    companyId: DEMO_PROVIDER_ID,
  },
  {
    id: "00udemoportal0000004",
    login: "portal",
    firstName: "Jordan",
    lastName: "Portal",
    email: "portal@demo.portal.example",
    roles: ["DIP_PORTAL"],
    companyId: null,
  },
];

export const DEFAULT_DEMO_PASSWORD = "demo-portal";
/** Scan requests in the default demo data set (npm run seed, first start). */
export const DEFAULT_SEED_SCALE = 30_000;
