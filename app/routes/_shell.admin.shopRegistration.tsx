import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ShopRegistrationsGrid } from "~/components/shop-registrations/shop-registrations-grid";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { shopRegistrationsGrid } from "~/modules/shop-registrations/grid";
import { loadShopRegistrationsPage } from "~/modules/shop-registrations/grid-module.server";

/** Shop Registrations (page permission shopRegistration), a tab of the admin area. */
const TITLE = shopRegistrationsGrid.title;
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "shopRegistration");
  return loadShopRegistrationsPage(request, signedIn);
}

export default function ShopRegistrationsPage() {
  return <ShopRegistrationsGrid page={useLoaderData<typeof loader>()} />;
}
