import { checkHealth } from "~/http/health.server";

/** GET /api/health for load balancers and monitors: no sign-in, never cached, never a 500. */
export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
