import type { EventEmitter } from "node:events";
import type autocannon from "autocannon";

/**
 * Two changes the load makes to each autocannon connection, reaching into autocannon 9's client
 * (`_doRequest`, `destroy`, `destroyed`, `pipelinedRequests`). A version without these stops the run with a
 * message rather than measuring something else (docs/decisions/0020-load-check.md).
 */
interface ClientInternals {
  _doRequest: (this: autocannon.Client) => void;
  destroy: (this: autocannon.Client) => void;
  destroyed: boolean;
  pipelinedRequests: { clear(): void };
}

function internalsOf(client: autocannon.Client): Partial<ClientInternals> {
  const internals = client as unknown as Partial<ClientInternals>;
  if (
    typeof internals._doRequest !== "function" ||
    typeof internals.destroy !== "function" ||
    typeof internals.destroyed !== "boolean" ||
    typeof internals.pipelinedRequests?.clear !== "function"
  ) {
    throw new Error("This autocannon's client is not autocannon 9's: the load (scripts/load/autocannon-client.ts) needs autocannon 9");
  }
  return internals;
}

/**
 * A user's pause between an answer and the next request, and the user's last request. autocannon
 * sends the next request the moment an answer completes and has no think time
 * (mcollina/autocannon#174, #201): the client's send is wrapped to wait first. At `endsAt`
 * (performance.now()) the user stops instead of sending: the client is closed once its last answer
 * is in, and autocannon ends when every client has. Cutting requests off in flight would abort
 * them on the server.
 */
export function paceRequests(client: autocannon.Client, pauseMs: () => number, endsAt: number): void {
  const internals = internalsOf(client);
  const send = internals._doRequest as ClientInternals["_doRequest"];
  const destroy = internals.destroy as ClientInternals["destroy"];
  let waiting: NodeJS.Timeout | undefined;
  const sendOrStop = () => {
    waiting = undefined;
    if (internals.destroyed) return;
    if (performance.now() >= endsAt) destroy.call(client);
    else send.call(client);
  };
  internals._doRequest = function pacedSend() {
    // One request at a time per user: a reconnect while the user is pausing does not add another.
    if (waiting) return;
    const pause = pauseMs();
    if (pause > 0) waiting = setTimeout(sendOrStop, pause);
    else sendOrStop();
  };
  // autocannon destroys its clients when its own time is up: no request after that.
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
