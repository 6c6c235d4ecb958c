import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { PageHeading } from "~/components/page-heading";
import { ShopRegistrationsGrid } from "~/components/shop-registrations/shop-registrations-grid";
import { isGridActionAnswer } from "~/grid/grid-actions";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { SHOP_REGISTRATIONS_PAGE, shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import { loadShopRegistrationsPage, shopRegistrationsGridModule } from "~/modules/shop-registrations/grid-module.server";

/**
 * Shop Registrations (page permission shopRegistration), a tab of the admin area. The trust actions
 * need the page too, and show only with trust=Y.
 */
const TITLE = shopRegistrationsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, SHOP_REGISTRATIONS_PAGE);
  return loadShopRegistrationsPage(request, signedIn);
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await requirePage(request, SHOP_REGISTRATIONS_PAGE);
  return shopRegistrationsGridModule.act(request, signedIn);
}

export default function ShopRegistrationsPage() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeading title={TITLE} />
      <ShopRegistrationsGrid page={useLoaderData<typeof loader>()} answer={isGridActionAnswer(answer) ? answer : null} />
    </>
  );
}
