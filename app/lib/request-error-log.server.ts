import type { Logger } from "./logger.server";

/**
 * Which errors are the client's mistake and which are the server's fault (decision 0015).
 * A client's mistake (a method a route does not answer, a malformed address, a body that is not
 * a form, a request for data in an old format) is one info line without a stack: anyone can send
 * them by the thousand, and they say nothing is wrong with the portal. Only server faults are
 * errors, with their stack.
 */

export interface ClientMistake {
  status: number;
  reason: string;
}

interface StatusLike {
  status?: unknown;
  statusCode?: unknown;
  statusText?: unknown;
  internal?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** Remix answers a request it cannot route with an ErrorResponse (its own `isRouteErrorResponse` shape). */
function isRouteErrorResponse(error: StatusLike): boolean {
  return typeof error.status === "number" && typeof error.statusText === "string" && typeof error.internal === "boolean" && "data" in error;
}

/** Express's body parsers and static files throw http-errors, which mark a client's mistake with `expose`. */
function isExposedHttpError(error: StatusLike): boolean {
  return error.expose === true && (typeof error.status === "number" || typeof error.statusCode === "number");
}

/** Remix logs this through handleError when a client asks for `?_data=` under single fetch. */
const OLD_DATA_REQUEST = /^Warning: Single fetch-enabled apps should not be making \?_data requests/;

function isClientStatus(status: unknown): status is number {
  return typeof status === "number" && status >= 400 && status < 500;
}

export function clientMistake(error: unknown): ClientMistake | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as StatusLike;
  if (isRouteErrorResponse(candidate) || isExposedHttpError(candidate)) {
    const status = candidate.status ?? candidate.statusCode;
    if (!isClientStatus(status)) return null;
    return { status, reason: typeof candidate.statusText === "string" ? candidate.statusText : String(candidate.message ?? "") };
  }
  if (error instanceof URIError) return { status: 400, reason: "Malformed URI" };
  if (error instanceof Error && OLD_DATA_REQUEST.test(error.message)) return { status: 400, reason: "?_data request under single fetch" };
  return null;
}

export interface FailedRequest {
  method: string;
  path: string;
}

/** One info line for a client's mistake; an error with the stack for anything else. */
export function logRequestError(logger: Logger, serverFaultMessage: string, error: unknown, request: FailedRequest): void {
  const mistake = clientMistake(error);
  if (mistake) logger.info("Request refused", { ...mistake, method: request.method, path: request.path });
  else logger.error(serverFaultMessage, { error, method: request.method, path: request.path });
}
