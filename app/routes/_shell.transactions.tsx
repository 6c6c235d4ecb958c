import { Stack } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { pagesAllowed, requirePage } from "~/auth/require-page.server";
import { PageTabs } from "~/components/page-tabs";
import gridStyles from "~/grid/components/grid.css";
import { canUseQuoteArea } from "~/modules/quotes/quote-access.server";
import { TRANSACTION_TABS, transactionTabs } from "~/modules/transactions/transaction-tabs";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: gridStyles }];

/** The transactions page: the Transaction / Service / Quote / Scan Results tabs around the grid of each. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  const [quoteOffered, allowed] = await Promise.all([canUseQuoteArea(signedIn), pagesAllowed(signedIn, ["scanResults"])]);
  return { tabs: transactionTabs(quoteOffered, allowed.scanResults) };
}

/** The tabs do not depend on the grid's query: a sort, page or filter change does not read them again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function TransactionsLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <PageTabs tabs={tabs} label="Transaction views" rootTab={TRANSACTION_TABS.transactions.to} />
      <Outlet />
    </Stack>
  );
}
