import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /** The HTTP method of the request (a page rendered after an action's POST runs its loaders as GETs). */
  method?: string;
  /** The client's address as Express gives it (behind a proxy only when TRUST_PROXY says so): sign-in events and their budget. */
  clientAddress?: string;
  /** The database time of the request's queries so far, in milliseconds (the Server-Timing header). */
  databaseMs?: number;
  /**
   * Values worked out once per request and shared by its loaders (they run side by side), by key:
   * configuration entries (configuration-values.server.ts), the session check of a GET
   * (user-session.server.ts).
   */
  memo?: Map<string, Promise<unknown>>;
}

/** The context the Express middleware opens for each request, seen by every loader and query under it. */
const requestContexts = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContexts.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return requestContexts.getStore();
}

/** Adds a query's time to the current request's database time (nothing outside a request). */
export function addDatabaseTime(ms: number): void {
  const context = requestContexts.getStore();
  if (context) context.databaseMs = (context.databaseMs ?? 0) + ms;
}

/**
 * `work()`'s promise, once per request and key: the loaders of one page share it. Outside a
 * request, `work()` runs every time; a failure is not kept (the next asker tries again).
 */
export function oncePerRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  const context = requestContexts.getStore();
  if (!context) return work();
  context.memo ??= new Map();
  const known = context.memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const memo = context.memo;
  const started = work();
  memo.set(key, started);
  started.catch(() => {
    if (memo.get(key) === started) memo.delete(key);
  });
  return started;
}

/** Forgets this request's values whose key starts with `prefix`: the next asker works them out again. */
export function forgetPerRequest(prefix: string): void {
  const memo = requestContexts.getStore()?.memo;
  if (!memo) return;
  for (const key of [...memo.keys()]) if (key.startsWith(prefix)) memo.delete(key);
}
