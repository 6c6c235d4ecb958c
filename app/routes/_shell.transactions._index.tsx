import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { TransactionGrid } from "~/components/transactions/transaction-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { transactionsGrid } from "~/modules/transactions/grid";
import { loadTransactionGridPage } from "~/modules/transactions/grid-page.server";

const TITLE = transactionsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return loadTransactionGridPage(request, signedIn, "transactions");
}

export default function TransactionsPage() {
  return <TransactionGrid definition={transactionsGrid} view={useLoaderData<typeof loader>()} />;
}
