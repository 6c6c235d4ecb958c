import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { KpiDashboard } from "~/components/dashboard/kpi-dashboard";
import { DATE_FORMATS, formatDateTime } from "~/lib/date-format";
import { userTimeZone } from "~/lib/time-zone.server";
import { loadKpiPage } from "~/modules/dashboard/kpi-page.server";
import gridStyles from "~/grid/components/grid.css";

/** The shop picker is the grids' long checklist, with its styles. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gridStyles }];

/** The KPI Dashboard (page permission dashboard): its state is its URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "dashboard");
  const [page, zone] = await Promise.all([loadKpiPage(request, signedIn), userTimeZone(request, signedIn.user.id)]);
  const { refreshedAt, ...rest } = page;
  return { ...rest, refreshed: formatDateTime(refreshedAt, zone.timeZone, DATE_FORMATS.detail) };
}

export default function KpiDashboardPage() {
  return <KpiDashboard data={useLoaderData<typeof loader>()} />;
}
