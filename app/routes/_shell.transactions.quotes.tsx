import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/page-heading";
import { LazyDetailDialog } from "~/components/transaction-detail/lazy-detail-dialog";
import { DataGrid } from "~/grid/components/data-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { quotesGrid } from "~/modules/quotes/grid";
import { quotesGridModule } from "~/modules/quotes/grid-module.server";
import { requireQuoteArea } from "~/modules/quotes/quote-access.server";

const TITLE = quotesGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireQuoteArea(request);
  return quotesGridModule.loadPage(request, signedIn);
}

const renderDetailDialog = (props: { href: string | null; onClose: () => void }) => <LazyDetailDialog {...props} />;

export default function QuotesPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <DataGrid definition={quotesGrid} view={useLoaderData<typeof loader>()} linkDialog={renderDetailDialog} />
    </>
  );
}
