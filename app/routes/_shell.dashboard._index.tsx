import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAnyPage } from "~/auth/require-page.server";
import { DASHBOARD_TAB_PAGES, dashboardTabs } from "~/modules/dashboard/dashboard-tabs";

/**
 * /dashboard (the drawer's Dashboard entry) opens the first tab the user may open: the KPI
 * Dashboard with page dashboard, else the Adoption Report with page reports (decision 0057). Each
 * opens on its own remembered provider or query.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { allowed } = await requireAnyPage(request, DASHBOARD_TAB_PAGES);
  const [first] = dashboardTabs({ dashboard: allowed.dashboard === true, reports: allowed.reports === true });
  throw redirect(first.to);
}

/**
 * Never rendered (the loader always redirects or answers 404), but a route with a component is a
 * page, not a resource route: its 404 is the product's page inside the shell, not a bare "Not Found".
 */
export default function DashboardEntry() {
  return null;
}
