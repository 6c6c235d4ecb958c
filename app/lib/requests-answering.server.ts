/**
 * The requests whose answer is being made right now: from their arrival until their body starts,
 * or, for a page or its data, whose body is the render itself, until it ends. Exports give way
 * while there are any (export-backoff.server.ts, decision 0098): a page should not wait for
 * PostgreSQL writing four whole tables.
 */
let answering = 0;
/** When the last request other than a download was answered (performance.now()). */
let lastAnsweredAt = -Infinity;

export function requestsAnswering(): number {
  return answering;
}

/** Milliseconds since a request other than a download was last answered (Infinity before the first). */
export function msSinceLastAnswer(): number {
  return performance.now() - lastAnsweredAt;
}

/**
 * Counts a request until the returned function is called (any number of times): with "transfer"
 * when what is left is a download's body, which does not count as the portal being in use.
 */
export function answeringRequest(): (how?: "transfer") => void {
  answering++;
  let answered = false;
  return (how) => {
    if (answered) return;
    answered = true;
    answering--;
    if (how !== "transfer") lastAnsweredAt = performance.now();
  };
}

/** Whether a response's body is still the making of its answer (a page's render, a route's data) rather than a transfer. */
export function bodyIsRender(contentType: string | null): boolean {
  return /^text\/(html|x-script)\b/i.test(contentType ?? "");
}
