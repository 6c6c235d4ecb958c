import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { SHOP_LIST_PAGE } from "~/modules/shop-list/grid";
import { shopListGridModule } from "~/modules/shop-list/grid-module.server";

/** GET /dashboard/kpi/shopList.csv?<the grid's query>: every matching registration as Registered-Shop-List.csv, in the user's provider scope. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, SHOP_LIST_PAGE);
  return shopListGridModule.exportCsv(request, signedIn);
}
