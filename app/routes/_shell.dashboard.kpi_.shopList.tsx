import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePage } from "~/auth/require-page.server";
import { ShopListGrid } from "~/components/shop-list/shop-list-grid";
import gridStyles from "~/grid/components/grid.css";
import type { PageHandle } from "~/lib/page-handle";
import { pageTitle } from "~/lib/page-title";
import { SHOP_LIST_PAGE, shopListGrid } from "~/modules/shop-list/grid";
import { loadShopListPage } from "~/modules/shop-list/grid-module.server";

/** The dashboard's Shop List (page permission dashboard), under the KPI Dashboard tab. */
const TITLE = shopListGrid.title;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gridStyles }];
export const handle: PageHandle = { title: TITLE };
export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, SHOP_LIST_PAGE);
  return loadShopListPage(request, signedIn);
}

export default function ShopListPage() {
  return <ShopListGrid page={useLoaderData<typeof loader>()} />;
}
