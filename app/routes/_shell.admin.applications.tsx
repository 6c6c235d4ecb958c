import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ApplicationsGrid } from "~/components/applications/applications-grid";
import { PageHeading } from "~/components/page-heading";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { applicationsGrid } from "~/modules/applications/grid";
import { loadApplicationsPage } from "~/modules/applications/grid-module.server";

/** The Applications list (page permission applications), a tab of the admin area. */
const TITLE = applicationsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "applications");
  return loadApplicationsPage(request, signedIn);
}

export default function ApplicationsPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <ApplicationsGrid page={useLoaderData<typeof loader>()} />
    </>
  );
}
