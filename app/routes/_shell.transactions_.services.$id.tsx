import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { DetailView } from "~/components/transaction-detail/detail-view";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { loadDetailPage } from "~/modules/transaction-detail/detail-page.server";

/** Service details (route servicesDetails): a scan request of type services. */
const TITLE = "Service Details";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.heading ?? TITLE) }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return loadDetailPage(request, signedIn, "service", params.id);
}

export default function ServiceDetailsPage() {
  return <DetailView page={useLoaderData<typeof loader>()} />;
}
