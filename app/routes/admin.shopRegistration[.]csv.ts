import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { shopRegistrationsGridModule } from "~/modules/shop-registrations/grid-module.server";

/** GET /admin/shopRegistration.csv?<the grid's query>: every matching registration, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "shopRegistration");
  return shopRegistrationsGridModule.exportCsv(request, signedIn);
}
