import type { PageTab } from "~/lib/page-tab";
import { KPI_PATH } from "./dashboard-url";

/**
 * The dashboard's tabs (dashboards spec §2): KPI Dashboard (page dashboard) and Adoption Report
 * (page reports), each shown only to a user with its page permission.
 */
export const DASHBOARD_TITLE = "Diagnostics Dashboard";
/** The Adoption Report's path (app/modules/adoption/grid.ts names it too; the tabs must not import a module's grid). */
export const ADOPTION_REPORT_PATH = "/dashboard/adoptionReport";

export function dashboardTabs(allowed: { dashboard: boolean; reports?: boolean }): PageTab[] {
  return [
    ...(allowed.dashboard ? [{ label: "KPI Dashboard", to: KPI_PATH }] : []),
    ...(allowed.reports ? [{ label: "Adoption Report", to: ADOPTION_REPORT_PATH }] : []),
  ];
}
