import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { errorLogGridModule } from "~/modules/error-log/grid-module.server";

/** GET /admin/feedbackError.csv?<the grid's query>: every matching record, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "feedbackError");
  return errorLogGridModule.exportCsv(request, signedIn);
}
