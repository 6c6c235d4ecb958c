import { REQUEST_KINDS, type KindId } from "./mix";

/**
 * What happened to every request of the load, by kind: durations (from autocannon's timing of each
 * response, request written to last byte), statuses, and what went wrong. A GET answered with a
 * redirect is kept apart from the same kind's pages (a redirect costs far less than a page).
 */
export interface KindSamples {
  kind: KindId;
  redirect: boolean;
  durationsMs: number[];
  statuses: Record<number, number>;
  /** Answers with a status the step did not expect. */
  unexpected: number;
}

export interface Problem {
  what: string;
  count: number;
  /** The first example seen. */
  example: string;
}

export class Recorder {
  private readonly byKey = new Map<string, KindSamples>();
  private readonly problems = new Map<string, Problem>();
  /** Requests that got no answer (a timeout or a broken connection), by kind. */
  readonly unanswered = new Map<KindId, number>();

  record(kind: KindId, status: number, durationMs: number, expected: boolean): void {
    const redirect = REQUEST_KINDS[kind].method === "GET" && status >= 300 && status < 400;
    const key = `${kind}${redirect ? ":redirect" : ""}`;
    let samples = this.byKey.get(key);
    if (!samples) {
      samples = { kind, redirect, durationsMs: [], statuses: {}, unexpected: 0 };
      this.byKey.set(key, samples);
    }
    samples.durationsMs.push(durationMs);
    samples.statuses[status] = (samples.statuses[status] ?? 0) + 1;
    if (!expected) samples.unexpected++;
  }

  /** Something that counts as an error: an unexpected status, a flow that could not go on, no answer. */
  problem(what: string, example: string): void {
    const known = this.problems.get(what);
    if (known) known.count++;
    else this.problems.set(what, { what, count: 1, example });
  }

  noAnswer(kind: KindId, path: string): void {
    this.unanswered.set(kind, (this.unanswered.get(kind) ?? 0) + 1);
    this.problem(`no answer: ${REQUEST_KINDS[kind].label}`, path);
  }

  kinds(): KindSamples[] {
    const order = Object.keys(REQUEST_KINDS);
    return [...this.byKey.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || Number(a.redirect) - Number(b.redirect));
  }

  problemList(): Problem[] {
    return [...this.problems.values()];
  }
}
