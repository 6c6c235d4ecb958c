import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ActivityGrid } from "~/components/activity/activity-grid";
import { PageHeading } from "~/components/page-heading";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ACTIVITY_PAGE, activityGrid } from "~/modules/activity/grid";
import { activityGridModule } from "~/modules/activity/grid-module.server";

/** Activity (page permission activity, issue 29), a tab of the admin area; read-only. */
const TITLE = activityGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ACTIVITY_PAGE);
  return activityGridModule.loadPage(request, signedIn);
}

export default function ActivityPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <ActivityGrid view={useLoaderData<typeof loader>()} />
    </>
  );
}
