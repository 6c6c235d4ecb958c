import { FLOWS, LEFT_OUT, REQUEST_KINDS, type Flow, type KindId, type RequestKind } from "./mix";
import { isProviderOnly } from "../../app/auth/authorization";
import { ACCESS_TO_QUOTE, REQUIRED_ROLES_FOR_PAGES } from "../../app/auth/demo-access";
import { canAccessPage } from "../../app/auth/page-access";
import { pagesOfAccess, ROUTE_POLICY, type RoutePolicy } from "../../app/auth/route-policy";
import { mayUseQuotes } from "../../app/modules/quotes/quote-access";

/**
 * The mix against app/auth/route-policy.ts: which flows a user's roles may make (as the portal
 * decides with the demo data's REQUIRED_ROLES_FOR_PAGES and ACCESS_TO_QUOTE), and whether every
 * route is either in the mix or left out on purpose.
 */

export interface LoadUserRoles {
  roles: readonly string[];
  companyId: number | null;
}

const POLICY_BY_ROUTE = new Map<string, RoutePolicy>(ROUTE_POLICY.map((policy) => [policy.routeId, policy]));
/** The entries the seed writes, which the load's database has. */
const REQUIRED_ROLES = REQUIRED_ROLES_FOR_PAGES.map((entry) => ({ pageName: entry.pageName, requiredRoles: [...entry.requiredRoles] }));
const QUOTE_ACCESS = { roles: [...ACCESS_TO_QUOTE.roles], providerIds: [...ACCESS_TO_QUOTE.providerIds] };

/** Whether the portal lets this user send this kind of request. */
export function mayReach(kind: RequestKind, user: LoadUserRoles): boolean {
  const policy = POLICY_BY_ROUTE.get(kind.routeId);
  if (!policy) return false;
  const pageNames = pagesOfAccess(policy.access);
  if (pageNames === null) return true;
  if (!pageNames.some((pageName) => canAccessPage(pageName, user.roles, REQUIRED_ROLES))) return false;
  if (pageNames.includes("quote")) {
    return mayUseQuotes({ roles: user.roles, providerId: isProviderOnly(user.roles) ? user.companyId : null }, QUOTE_ACCESS);
  }
  return true;
}

/** The flows whose every request this user may send. */
export function flowsFor(user: LoadUserRoles): Flow[] {
  return FLOWS.filter((flow) => flow.kinds.every((kind) => mayReach(REQUEST_KINDS[kind], user)));
}

/** The routes the mix sends requests to. */
export function routesInMix(): Set<string> {
  return new Set(FLOWS.flatMap((flow) => flow.kinds.map((kind) => REQUEST_KINDS[kind].routeId)));
}

/** Everything wrong between the mix and the route policy (empty when they agree). */
export function mixProblems(): string[] {
  const problems: string[] = [];
  for (const [id, kind] of Object.entries(REQUEST_KINDS) as Array<[KindId, RequestKind]>) {
    const policy = POLICY_BY_ROUTE.get(kind.routeId);
    if (!policy) problems.push(`${id}: ${kind.routeId} is not in ROUTE_POLICY`);
    else if (kind.method !== "GET" && !policy.actions?.includes(kind.method)) problems.push(`${id}: ${kind.routeId} answers no ${kind.method}`);
    if (!FLOWS.some((flow) => flow.kinds.includes(id))) problems.push(`${id}: no flow sends it`);
  }
  const inMix = routesInMix();
  for (const policy of ROUTE_POLICY) {
    const leftOut = Object.hasOwn(LEFT_OUT, policy.routeId);
    if (!inMix.has(policy.routeId) && !leftOut) problems.push(`${policy.routeId}: neither in the mix nor in LEFT_OUT (scripts/load/mix.ts)`);
    if (inMix.has(policy.routeId) && leftOut) problems.push(`${policy.routeId}: in the mix and in LEFT_OUT`);
  }
  for (const routeId of Object.keys(LEFT_OUT)) {
    if (!POLICY_BY_ROUTE.has(routeId)) problems.push(`LEFT_OUT names ${routeId}, which is not in ROUTE_POLICY`);
  }
  const ids = FLOWS.map((flow) => flow.id);
  if (new Set(ids).size !== ids.length) problems.push("two flows share an id");
  for (const flow of FLOWS) if (!(flow.weight > 0)) problems.push(`${flow.id}: its weight must be positive`);
  return problems;
}
