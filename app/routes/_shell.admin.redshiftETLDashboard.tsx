import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { EtlGrid } from "~/components/etl/etl-grid";
import { PageHeading } from "~/components/page-heading";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ETL_PAGE, etlGrid } from "~/modules/etl/grid";
import { etlGridModule } from "~/modules/etl/grid-module.server";

/** The Redshift ETL Dashboard (page redshiftETLDashboard; writes need changingEtlData too, open unless listed). */
const TITLE = etlGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ETL_PAGE);
  return etlGridModule.loadPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, ETL_PAGE);
  return etlGridModule.act(request, signedIn);
}

export default function EtlDashboardPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <EtlGrid view={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
