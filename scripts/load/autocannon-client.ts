import type { EventEmitter } from "node:events";
import type autocannon from "autocannon";

/**
 * Two changes the load makes to each autocannon connection, reaching into autocannon 9's client
 * (`_doRequest`, `destroyed`, `pipelinedRequests`). A version without these stops the run with a
 * message rather than measuring something else (docs/decisions/0020-load-check.md).
 */
interface ClientInternals {
  _doRequest: (this: autocannon.Client) => void;
  destroyed: boolean;
  pipelinedRequests: { clear(): void };
}

function internalsOf(client: autocannon.Client): Partial<ClientInternals> {
  const internals = client as unknown as Partial<ClientInternals>;
  if (typeof internals._doRequest !== "function" || typeof internals.destroyed !== "boolean" || typeof internals.pipelinedRequests?.clear !== "function") {
    throw new Error("This autocannon's client is not autocannon 9's: the load (scripts/load/autocannon-client.ts) needs autocannon 9");
  }
  return internals;
}

/**
 * A user's pause between an answer and the next request. autocannon sends the next request the
 * moment an answer completes and has no think time (mcollina/autocannon#174, #201): the client's
 * send is wrapped to wait first.
 */
export function pauseBeforeEachRequest(client: autocannon.Client, pauseMs: () => number): void {
  const internals = internalsOf(client);
  const send = internals._doRequest as ClientInternals["_doRequest"];
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

/**
 * After a socket error autocannon reconnects but keeps the lost request in its queue of requests
 * awaiting an answer, so every later answer on that connection would be matched with the request
 * before it (its time and status). The lost request is dropped from the queue instead; the user's
 * connection counts it as unanswered.
 */
export function forgetRequestsLostWithTheirConnection(client: autocannon.Client, lost: () => void): void {
  const internals = internalsOf(client);
  (client as unknown as EventEmitter).on("connError", () => {
    internals.pipelinedRequests?.clear();
    lost();
  });
  // A timeout drops the queue itself; the user's connection still has to hear of it.
  (client as unknown as EventEmitter).on("timeout", lost);
}
