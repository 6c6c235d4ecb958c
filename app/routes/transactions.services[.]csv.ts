import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { servicesGridModule } from "~/modules/transactions/grid-module.server";

/** GET /transactions/services.csv?<the grid's query>: every matching service request, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "transactions");
  return servicesGridModule.exportCsv(request, signedIn);
}
