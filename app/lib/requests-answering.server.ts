/**
 * The requests whose answer is being made right now: from their arrival until their body starts,
 * or, for a page or its data, whose body is the render itself, until it ends. Exports give way
 * while there are any (export-backoff.server.ts, decision 0098): a page should not wait for
 * PostgreSQL writing four whole tables.
 */
let answering = 0;

export function requestsAnswering(): number {
  return answering;
}

/** Counts a request until the returned function is called (any number of times). */
export function answeringRequest(): () => void {
  answering++;
  let answered = false;
  return () => {
    if (answered) return;
    answered = true;
    answering--;
  };
}

/** Whether a response's body is still the making of its answer (a page's render, a route's data) rather than a transfer. */
export function bodyIsRender(contentType: string | null): boolean {
  return /^text\/(html|x-script)\b/i.test(contentType ?? "");
}
