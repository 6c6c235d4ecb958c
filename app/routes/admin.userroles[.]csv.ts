import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { userRolesGridModule } from "~/modules/user-roles/grid-module.server";

/** GET /admin/userroles.csv?<the grid's query>: every matching portal user, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "userroles");
  return userRolesGridModule.exportCsv(request, signedIn);
}
