import { Stack, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireAnyPage } from "~/auth/require-page.server";
import dashboardStyles from "~/components/dashboard/dashboard.css";
import { PageTabs } from "~/components/page-tabs";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { DASHBOARD_TAB_PAGES, DASHBOARD_TITLE, dashboardTabs } from "~/modules/dashboard/dashboard-tabs";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardStyles }];
export const handle: PageHandle = { title: DASHBOARD_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(DASHBOARD_TITLE) }];

/**
 * The dashboard area (dashboards spec §2): open with either tab's page permission (decision 0057),
 * its tabs each shown with its own. The tabs' pages check their permission themselves.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { allowed } = await requireAnyPage(request, DASHBOARD_TAB_PAGES);
  return { tabs: dashboardTabs({ dashboard: allowed.dashboard === true, reports: allowed.reports === true }) };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function DashboardLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {DASHBOARD_TITLE}
      </Title>
      <PageTabs tabs={tabs} label="Dashboard views" />
      <Outlet />
    </Stack>
  );
}
