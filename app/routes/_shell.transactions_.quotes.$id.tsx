import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DetailView } from "~/components/transaction-detail/detail-view";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { requireQuoteArea } from "~/modules/quotes/quote-access.server";
import { loadDetailPage } from "~/modules/transaction-detail/detail-page.server";

/** Quote details (route quoteDetails): the quote area's rules (decision 0009), then the quote in the user's scope. */
const TITLE = "Quote Details";
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.heading ?? TITLE) }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireQuoteArea(request);
  return loadDetailPage(request, signedIn, "quote", params.id);
}

export default function QuoteDetailsPage() {
  return <DetailView page={useLoaderData<typeof loader>()} />;
}
