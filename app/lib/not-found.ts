/**
 * Ends a loader or action with the 404 page (the root error boundary renders it). Used for
 * unknown paths, and for pages the user may not see: the spec shows those the same page.
 */
export function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}
