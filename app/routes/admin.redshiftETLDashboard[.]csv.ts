import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { ETL_PAGE } from "~/modules/etl/grid";
import { etlGridModule } from "~/modules/etl/grid-module.server";

/** GET /admin/redshiftETLDashboard.csv?<the grid's query>: every matching ETL variable, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ETL_PAGE);
  return etlGridModule.exportCsv(request, signedIn);
}
