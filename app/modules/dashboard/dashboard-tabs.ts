import type { PageTab } from "~/lib/page-tab";
import { KPI_PATH } from "./dashboard-url";

/**
 * The dashboard's tabs (dashboards spec §2): KPI Dashboard (page dashboard) and Adoption Report
 * (page reports), each shown only to a user with its page permission. The dashboard area (its
 * layout, /dashboard and the drawer's Dashboard entry) opens with either (decision 0057).
 */
export const DASHBOARD_TITLE = "Diagnostics Dashboard";
/** The Adoption Report's path (app/modules/adoption/grid.ts names it too; the tabs must not import a module's grid). */
export const ADOPTION_REPORT_PATH = "/dashboard/adoptionReport";
/** The page permissions of the tabs, in tab order: the dashboard area is open to a user with any of them. */
export const DASHBOARD_TAB_PAGES = ["dashboard", "reports"] as const;

export function dashboardTabs(allowed: { dashboard: boolean; reports?: boolean }): PageTab[] {
  return [
    ...(allowed.dashboard ? [{ label: "KPI Dashboard", to: KPI_PATH }] : []),
    ...(allowed.reports ? [{ label: "Adoption Report", to: ADOPTION_REPORT_PATH }] : []),
  ];
}
