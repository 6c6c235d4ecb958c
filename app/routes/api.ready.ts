import { checkReadiness } from "~/modules/health/readiness.server";

/**
 * GET /api/ready for load balancers: 200 when this instance can take traffic, else 503 with what is
 * missing. No sign-in, never cached, never a 500. Liveness is /api/health.
 */
export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
