import { currentRequestContext } from "./request-context.server";

/**
 * The Server-Timing header of a page or data answer: `db` is the total time of the request's
 * database queries so far (queries that ran side by side add up), `render` the time React took to
 * render the page's shell. Browsers' developer tools show both beside the request.
 */
export function serverTiming(renderMs?: number): string {
  const databaseMs = currentRequestContext()?.databaseMs ?? 0;
  const parts = [`db;dur=${databaseMs.toFixed(1)};desc="Database"`];
  if (renderMs !== undefined) parts.push(`render;dur=${renderMs.toFixed(1)};desc="Render"`);
  return parts.join(", ");
}
