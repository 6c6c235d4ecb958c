import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { AdoptionReport } from "~/components/adoption/adoption-report";
import monthsRangeStyles from "~/components/adoption/months-range.css";
import gridStyles from "~/grid/components/grid.css";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { ADOPTION_PAGE, ADOPTION_TITLE } from "~/modules/adoption/grid";
import { loadAdoptionPage } from "~/modules/adoption/grid-module.server";

/** The Diagnostics Adoption report (page permission reports), under the Adoption Report tab. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gridStyles },
  { rel: "stylesheet", href: monthsRangeStyles },
];
export const handle: PageHandle = { title: ADOPTION_TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(ADOPTION_TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ADOPTION_PAGE);
  return loadAdoptionPage(request, signedIn);
}

export default function AdoptionReportPage() {
  return <AdoptionReport data={useLoaderData<typeof loader>()} />;
}
