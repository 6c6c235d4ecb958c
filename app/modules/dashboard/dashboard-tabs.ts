import type { PageTab } from "~/lib/page-tab";
import { KPI_PATH } from "./dashboard-url";

/**
 * The dashboard's tabs (dashboards spec §2): KPI Dashboard (page dashboard). Adoption Report
 * (page reports) joins when its screen is built, so no tab leads to the 404 page.
 */
export const DASHBOARD_TITLE = "Diagnostics Dashboard";

export function dashboardTabs(allowed: { dashboard: boolean }): PageTab[] {
  return allowed.dashboard ? [{ label: "KPI Dashboard", to: KPI_PATH }] : [];
}
