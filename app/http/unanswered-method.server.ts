import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { ROUTE_POLICY } from "~/auth/route-policy";

/**
 * A request whose method its route does not answer: a POST to a page or file without an action, or
 * a PUT, PATCH or DELETE to one whose actions (ROUTE_POLICY) take POST only. The route is found as
 * Remix finds it: the same matcher (@remix-run/router, what Remix runs on) and the same choice of
 * the route that acts. How it is answered: method-answer.server.ts (decision 0063).
 */

const MUTATION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A path only the catch-all route ($.tsx) matches: where the unknown-route answer comes from. */
export const UNKNOWN_ROUTE_PATH = "/__unknown-route";

interface MethodRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  hasAction: boolean;
  children: MethodRoute[];
}

function routeTree(routes: ServerBuild["routes"], parentId?: string): MethodRoute[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      hasAction: typeof route.module.action === "function",
      children: routeTree(routes, route.id),
    }));
}

const trees = new WeakMap<ServerBuild, MethodRoute[]>();

function treeOf(build: ServerBuild): MethodRoute[] {
  let tree = trees.get(build);
  if (!tree) {
    tree = routeTree(build.routes);
    trees.set(build, tree);
  }
  return tree;
}

function matchesOf(build: ServerBuild, pathname: string): MethodRoute[] | null {
  const matches = matchRoutes(treeOf(build) as unknown as AgnosticRouteObject[], pathname, build.basename);
  return matches ? matches.map((match) => match.route as unknown as MethodRoute) : null;
}

/**
 * The route whose action a submission runs, as @remix-run/router's getTargetMatch chooses it:
 * the leaf index route only with a bare `?index`, else the deepest route with a path of its own.
 */
function targetRoute(matches: readonly MethodRoute[], search: string): MethodRoute | undefined {
  const leaf = matches[matches.length - 1];
  if (leaf?.index && new URLSearchParams(search).getAll("index").some((value) => value === "")) return leaf;
  return matches.filter((route, index) => index === 0 || (route.path !== undefined && route.path.length > 0)).at(-1);
}

/** The path Remix routes a URL by: single-fetch data URLs (`/home.data`, `/_root.data`) name their page. */
function routedPathname(url: URL): string {
  if (!url.pathname.endsWith(".data")) return url.pathname;
  const page = url.pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** The id of the deepest route that answers the URL (the page of a `.data` URL), as Remix matches it; null when none does. */
export function routeIdOf(build: ServerBuild, url: URL): string | null {
  return matchesOf(build, routedPathname(url))?.at(-1)?.id ?? null;
}

export interface UnansweredMethod {
  /** The methods the route does answer, for the Allow header of a 405. */
  allow: string;
  /** The routes a GET of the same address matches, outermost first: whose access decides the answer. */
  routeIds: string[];
}

/**
 * The methods a route's action takes: those its ROUTE_POLICY entry lists, or every one for a route
 * the table gives none (the catch-all, whose action is its 404 page).
 */
function actionMethods(route: MethodRoute): readonly string[] | "any" {
  if (!route.hasAction) return [];
  return ROUTE_POLICY.find((policy) => policy.routeId === route.id)?.actions ?? "any";
}

/** Whether the request's route lacks what its method needs; null when it answers (or Remix must decide, e.g. no route). */
export function unansweredMethod(build: ServerBuild, request: Request): UnansweredMethod | null {
  if (!MUTATION_METHODS.has(request.method)) return null;
  const url = new URL(request.url);
  const matches = matchesOf(build, routedPathname(url));
  if (!matches) return null;
  const dataRouteId = url.searchParams.get("_data");
  const target = dataRouteId === null ? targetRoute(matches, url.search) : matches.find((route) => route.id === dataRouteId);
  if (!target) return null;
  const methods = actionMethods(target);
  if (methods === "any" || methods.includes(request.method)) return null;
  return { allow: ["GET", "HEAD", ...methods].join(", "), routeIds: matches.map((route) => route.id) };
}

/** The same client asking for the unknown-route page (or its data, for a single-fetch request). */
export function unknownRouteRequest(request: Request): Request {
  const url = new URL(request.url);
  return getRequest(request, new URL(`${UNKNOWN_ROUTE_PATH}${url.pathname.endsWith(".data") ? ".data" : ""}`, url));
}

/** The same client asking for the same address (page or data) with GET, its body left behind. */
export function sameAddressGet(request: Request): Request {
  return getRequest(request, new URL(request.url));
}

function getRequest(request: Request, target: URL): Request {
  const headers = new Headers(request.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(target, { method: "GET", headers, signal: request.signal });
}

/** Throws at start-up when the catch-all route would not be the one answering UNKNOWN_ROUTE_PATH. */
export function assertUnknownRoutePath(build: ServerBuild): void {
  const leaf = matchesOf(build, UNKNOWN_ROUTE_PATH)?.at(-1);
  if (leaf?.path !== "*") throw new Error(`${UNKNOWN_ROUTE_PATH} must reach only the catch-all route, not ${leaf?.id ?? "nothing"}`);
}
