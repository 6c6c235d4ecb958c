import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { figuresCsvResponse } from "~/modules/dashboard/figures-csv.server";

/** GET /dashboard/kpi/figures.csv?<the dashboard's query>&card=<chart>: one chart's numbers as CSV (page dashboard). */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "dashboard");
  return figuresCsvResponse(request, signedIn);
}
