import { Stack } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageTabs } from "~/components/page-tabs";
import gridStyles from "~/grid/components/grid.css";
import { notFound } from "~/lib/not-found";
import { adminTabsOf } from "~/modules/admin/admin-access.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gridStyles }];

/**
 * The admin area (platform spec §2 Admin tabs): a tab for each built admin screen the user may
 * open. A user with none of them (a provider user, a portal user) gets the 404 page; each screen
 * checks its own page permission again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "admin");
  const tabs = await adminTabsOf(signedIn);
  if (tabs.length === 0) notFound();
  return { tabs: tabs.map(({ label, to }) => ({ label, to })) };
}

/** The tabs do not depend on a screen's query: a sort, page or filter change does not read them again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function AdminLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <PageTabs tabs={tabs} label="Admin screens" />
      <Outlet />
    </Stack>
  );
}
