import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { ACTIVITY_PAGE } from "~/modules/activity/grid";
import { activityGridModule } from "~/modules/activity/grid-module.server";

/** GET /admin/activity.csv?<the grid's query>: every matching event, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, ACTIVITY_PAGE);
  return activityGridModule.exportCsv(request, signedIn);
}
