import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/auth/require-page.server";
import { loadMapMarkers } from "~/modules/dashboard/kpi-page.server";

/**
 * GET /dashboard/kpi/map.json?<the dashboard's query>&width=&height=: the Coverage Map's markers of
 * the view, for the hydrated map after a drag or a zoom (page dashboard; the provider scope applies).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requirePage(request, "dashboard");
  return Response.json(await loadMapMarkers(request, signedIn), { headers: { "Cache-Control": "no-store" } });
}
