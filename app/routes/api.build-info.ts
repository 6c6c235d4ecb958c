import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSignedInUser } from "~/auth/user-session.server";
import { PORTAL_ARTIFACT } from "~/modules/build-info/backend-services";
import { buildInfoOf } from "~/modules/build-info/build-info.server";

/** GET /api/build-info: the portal's build, shaped like a backend service's /about answer (signed in only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getSignedInUser(request);
  if (!signedIn) return Response.json({ status: "FAILED", errorMessage: "Not signed in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: "SUCCESS", payload: { build: buildInfoOf(PORTAL_ARTIFACT) } }, { headers: { "Cache-Control": "no-store" } });
}
