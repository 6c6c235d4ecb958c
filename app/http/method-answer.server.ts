import type { AppLoadContext } from "@remix-run/node";
import { sameAddressGet, unknownRouteRequest, type UnansweredMethod } from "./unanswered-method.server";

/**
 * The answer to a method the route does not answer (decision 0063, replacing 0015's). A user who
 * may not open the page (signed out included) gets exactly what a GET of the same address gets:
 * the sign-in redirect or the 404 page, so the method tells nothing a GET does not. A user who may
 * open it gets 405 with the methods it takes in `Allow`, on the product's error page (the catch-all
 * route renders it, inside the shell for the signed-in: `methodNotAllowed` in the load context,
 * which only this server sets).
 */
export interface UnansweredMethodInput {
  request: Request;
  unanswered: UnansweredMethod;
  context: AppLoadContext;
  /** Whether a GET of the routes would show this user the page (route-access.server.ts). */
  mayOpen(request: Request, routeIds: readonly string[]): Promise<boolean>;
  /** Remix's request handler. */
  handle(request: Request, context: AppLoadContext): Promise<Response>;
}

export interface MethodAnswer {
  response: Response;
  /** Headers to send besides the response's own. */
  headers: Record<string, string>;
}

export async function answerUnansweredMethod(input: UnansweredMethodInput): Promise<MethodAnswer> {
  const { request, unanswered, context } = input;
  if (!(await input.mayOpen(request, unanswered.routeIds))) return { response: await input.handle(sameAddressGet(request), context), headers: {} };
  const refused = { ...context, methodNotAllowed: { method: request.method, allow: unanswered.allow } };
  return { response: await input.handle(unknownRouteRequest(request), refused), headers: { Allow: unanswered.allow } };
}
