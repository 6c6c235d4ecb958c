import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { TransactionGrid } from "~/components/transactions/transaction-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { servicesGrid } from "~/modules/transactions/grid";
import { servicesGridModule } from "~/modules/transactions/grid-module.server";

const TITLE = servicesGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return servicesGridModule.loadPage(request, signedIn);
}

export default function ServicesPage() {
  return (
    <>
      <PageHeading title={TITLE} />
      <TransactionGrid definition={servicesGrid} view={useLoaderData<typeof loader>()} />
    </>
  );
}
