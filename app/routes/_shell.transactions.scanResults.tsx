import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { ScanResultsGrid } from "~/components/scan-results/scan-results-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { scanResultsGrid } from "~/modules/scan-results/grid";
import { scanResultsGridModule } from "~/modules/scan-results/grid-module.server";

/** The Scan Results table (route scanResults, page permission scanResults): the last of the transactions' tabs, for the users who may open it. */
const TITLE = scanResultsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "scanResults");
  return scanResultsGridModule.loadPage(request, signedIn);
}

export default function ScanResultsPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <ScanResultsGrid view={useLoaderData<typeof loader>()} />
    </>
  );
}
