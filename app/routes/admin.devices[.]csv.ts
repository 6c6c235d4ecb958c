import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { DEVICES_PAGE } from "~/modules/devices/grid";
import { devicesGridModule } from "~/modules/devices/grid-module.server";

/** GET /admin/devices.csv?<the grid's query>: every matching device registration, as a CSV download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, DEVICES_PAGE);
  return devicesGridModule.exportCsv(request, signedIn);
}
