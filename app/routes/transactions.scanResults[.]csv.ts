import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { scanResultsGridModule } from "~/modules/scan-results/grid-module.server";

/** GET /transactions/scanResults.csv?<the table's query>: every matching scan result, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "scanResults");
  return scanResultsGridModule.exportCsv(request, signedIn);
}
