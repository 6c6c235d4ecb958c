import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /** The HTTP method of the request (a page rendered after an action's POST runs its loaders as GETs). */
  method?: string;
  /** The database time of the request's queries so far, in milliseconds (the Server-Timing header). */
  databaseMs?: number;
}

/**
 * server.ts and the Remix bundle each get their own copy of this module; the storage lives on
 * globalThis so a loader in the bundle sees the context the Express middleware opened.
 */
const KEY = Symbol.for("portal.requestContext");
type Registry = { [KEY]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const registry = globalThis as Registry;
  registry[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return registry[KEY];
}

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage().getStore();
}

/** Adds a query's time to the current request's database time (nothing outside a request). */
export function addDatabaseTime(ms: number): void {
  const context = storage().getStore();
  if (context) context.databaseMs = (context.databaseMs ?? 0) + ms;
}
