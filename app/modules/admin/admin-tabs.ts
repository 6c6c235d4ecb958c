import type { PageTab } from "~/lib/page-tab";

/** An admin screen: its tab, and the page permission that shows the tab and opens the screen. */
export interface AdminTab extends PageTab {
  page: string;
}

/**
 * The admin screens in the spec's order (platform §2 Admin tabs: User Roles, Providers,
 * Configurations, Shop Registrations, Devices, Feedbacks/Errors, Redshift ETL Dashboard, plus
 * Applications, a child route, placed beside User Roles whose role assignment it shares; and
 * Activity, every screen's events, last: issue 29).
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { page: "userroles", label: "User Roles", to: "/admin/userroles" },
  { page: "applications", label: "Applications", to: "/admin/applications" },
  { page: "providers", label: "Providers", to: "/admin/providers" },
  { page: "configuration", label: "Configurations", to: "/admin/configuration" },
  { page: "shopRegistration", label: "Shop Registrations", to: "/admin/shopRegistration" },
  { page: "devices", label: "Devices", to: "/admin/devices" },
  { page: "feedbackError", label: "Feedbacks/Errors", to: "/admin/feedbackError" },
  { page: "redshiftETLDashboard", label: "Redshift ETL Dashboard", to: "/admin/redshiftETLDashboard" },
  { page: "activity", label: "Activity", to: "/admin/activity" },
];

/** The tabs this user sees: the screens whose page permission they have. */
export function adminTabsFor(allowed: Readonly<Record<string, boolean>>): AdminTab[] {
  return ADMIN_TABS.filter((tab) => allowed[tab.page]);
}
