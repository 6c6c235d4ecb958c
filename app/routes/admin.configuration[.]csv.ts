import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { configurationsGridModule } from "~/modules/configurations/grid-module.server";

/** GET /admin/configuration.csv?<the grid's query>: every matching configuration entry (secrets masked), as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "configuration");
  return configurationsGridModule.exportCsv(request, signedIn);
}
