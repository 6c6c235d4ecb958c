import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { providersGridModule } from "~/modules/providers/grid-module.server";

/** GET /admin/providers.csv?<the grid's query>: every matching provider, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "providers");
  return providersGridModule.exportCsv(request, signedIn);
}
