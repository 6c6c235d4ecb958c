import type { EventEmitter } from "node:events";
import type autocannon from "autocannon";

/**
 * A user's pause between an answer and the next request. autocannon sends the next request the
 * moment an answer completes and has no think time (mcollina/autocannon#174, #201), so each
 * connection's send is wrapped: the wrapper waits, then sends. It reaches into autocannon 9's
 * client (`_doRequest`, `destroyed`); a version without them stops the run with this message
 * rather than running without pauses (docs/decisions/0020-load-check.md).
 */
interface ClientInternals {
  _doRequest: (this: autocannon.Client) => void;
  destroyed: boolean;
}

export function pauseBeforeEachRequest(client: autocannon.Client, pauseMs: () => number): void {
  const internals = client as unknown as Partial<ClientInternals>;
  const send = internals._doRequest;
  if (typeof send !== "function" || typeof internals.destroyed !== "boolean") {
    throw new Error("This autocannon has no client._doRequest: the load's think time (scripts/load/think-time.ts) needs autocannon 9");
  }
  let waiting: NodeJS.Timeout | undefined;
  internals._doRequest = function pausedSend() {
    // One request at a time per user: a reconnect while the user is pausing does not add another.
    if (waiting) return;
    waiting = setTimeout(() => {
      waiting = undefined;
      if (!internals.destroyed) send.call(client);
    }, pauseMs());
  };
  // autocannon destroys its clients when the time is up: no request after that.
  (client as unknown as EventEmitter).on("done", () => clearTimeout(waiting));
}
