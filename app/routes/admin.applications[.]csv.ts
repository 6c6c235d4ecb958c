import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { applicationsGridModule } from "~/modules/applications/grid-module.server";

/** GET /admin/applications.csv?<the list's query>: every matching application, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "applications");
  return applicationsGridModule.exportCsv(request, signedIn);
}
