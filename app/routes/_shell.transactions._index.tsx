import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { TransactionGrid } from "~/components/transactions/transaction-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { transactionsGrid } from "~/modules/transactions/grid";
import { transactionsGridModule } from "~/modules/transactions/grid-module.server";

const TITLE = transactionsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return transactionsGridModule.loadPage(request, signedIn);
}

export default function TransactionsPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <TransactionGrid definition={transactionsGrid} view={useLoaderData<typeof loader>()} />
    </>
  );
}
