import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { ADOPTION_PAGE } from "~/modules/adoption/grid";
import { adoptionGridModule } from "~/modules/adoption/grid-module.server";

/**
 * GET /dashboard/adoptionReport.csv?<the grid's query>[&header=two-rows]: every matching row as
 * Diagnostic-Adoption-Report.csv, month header groups kept (two header rows) or flat, in the user's provider scope.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ADOPTION_PAGE);
  return adoptionGridModule.exportCsv(request, signedIn);
}
