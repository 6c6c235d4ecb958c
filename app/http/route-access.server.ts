import { pagesAllowed } from "~/auth/require-page.server";
import { pagesOfAccess, ROUTE_POLICY, type RouteAccess } from "~/auth/route-policy";
import { liveSignedIn } from "~/auth/session-presence.server";

/** The root route: the document around every page, open to all. */
const ROOT_ROUTE = "root";

/**
 * Whether a GET of the routes (an address's matched routes, outermost first) would show the request's
 * user the page, by the access table (ROUTE_POLICY) and the page permissions: each route open to
 * everyone, or to this signed-in user, with one of its pages when it names pages. Read without
 * changing the session (no renewal, no activity). A route the table does not list counts as closed.
 * A route that is one write needs that write's permission too (the table's `permission`). What a
 * route's own loader checks beyond that (the provider scope of a record) is not known here.
 */
export async function mayOpenRoutes(request: Request, routeIds: readonly string[]): Promise<boolean> {
  const accesses: RouteAccess[] = [];
  const permissions: string[] = [];
  for (const routeId of routeIds) {
    if (routeId === ROOT_ROUTE) continue;
    const policy = ROUTE_POLICY.find((candidate) => candidate.routeId === routeId);
    if (!policy) return false;
    if (!("access" in policy.access && policy.access.access === "public")) accesses.push(policy.access);
    if (policy.permission) permissions.push(policy.permission);
  }
  if (accesses.length === 0) return true;
  const signedIn = await liveSignedIn(request);
  if (!signedIn) return false;
  const pageSets = accesses.flatMap((access) => {
    const pages = pagesOfAccess(access);
    return pages ? [pages] : [];
  });
  if (pageSets.length === 0 && permissions.length === 0) return true;
  const allowed = await pagesAllowed(signedIn, [...new Set([...pageSets.flat(), ...permissions])]);
  return pageSets.every((pages) => pages.some((page) => allowed[page])) && permissions.every((permission) => allowed[permission]);
}
