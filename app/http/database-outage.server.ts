import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { log } from "~/lib/logger.server";

/**
 * While the database cannot be used, every loader and action answers 503 with the error page's
 * "try again later" message instead of a 500: one wrapper around every route of the Remix build,
 * so no route needs its own try/catch. Nothing is cached between requests, so the first request
 * after the database is back is answered normally.
 */

type RouteFunction<Args> = (args: Args) => unknown;

function answeringOutages<Args extends LoaderFunctionArgs | ActionFunctionArgs>(
  routeId: string,
  what: "loader" | "action",
  original: RouteFunction<Args>,
): RouteFunction<Args> {
  return async (args: Args) => {
    try {
      return await original(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn("The database does not answer: 503", { route: routeId, in: what, error: (error as Error).message });
      // The root error boundary shows any 503 as the service-unavailable page.
      throw data(null, { status: 503, statusText: "Service Unavailable" });
    }
  };
}

function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      // A copy: the module itself is an ES module namespace, which cannot be changed.
      module: {
        ...route.module,
        ...(loader ? { loader: answeringOutages(id, "loader", loader) as typeof loader } : {}),
        ...(action ? { action: answeringOutages(id, "action", action) as typeof action } : {}),
      },
    };
  }
  return { ...build, routes };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

function wrapOnce(build: ServerBuild): ServerBuild {
  let answer = wrapped.get(build);
  if (!answer) {
    answer = wrapBuild(build);
    wrapped.set(build, answer);
  }
  return answer;
}

/** The build with outage answers; a build function (development) is wrapped on each call, once per build. */
export function answerDatabaseOutages(build: ServerBuild | (() => Promise<ServerBuild>)): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build === "function") return async () => wrapOnce(await build());
  return wrapOnce(build);
}
