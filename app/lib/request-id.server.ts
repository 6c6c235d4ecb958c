import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** Long enough to be unique in practice, and only characters that are safe in a log line. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps the id a proxy or client sent when it is well-formed; otherwise makes a new one. */
export function acceptOrCreateRequestId(incoming: string | readonly string[] | undefined): string {
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  if (typeof candidate === "string" && ACCEPTABLE_REQUEST_ID.test(candidate)) return candidate;
  return randomUUID();
}
