import type autocannon from "autocannon";
import { REQUEST_KINDS, type Answer, type Flow, type FlowScript, type HttpStep } from "./mix";
import type { Recorder } from "./recorder";
import type { UserPlan } from "./user-plan";
import type { Random } from "../../seed/random";

/**
 * One signed-in user on one autocannon connection: picks a flow by weight, sends its steps one by
 * one (autocannon asks for each request through setupRequest, after the previous answer), checks
 * each answer's status, and records the answer's time under its kind.
 */
export interface UserConnectionSettings {
  /** The public host (the balancer's, here instance A's): the Host of every request. */
  publicHost: string;
  /** The public origin: the Origin of a form's POST, as a browser sends it. */
  origin: string;
}

/**
 * A browser's User-Agent: the portal streams a page to a browser and renders the whole document
 * first for a crawler (isbot), and the load's users are people. A bot-like agent such as
 * "autocannon" would measure the crawlers' path.
 */
export const LOAD_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 (npm run load)";

type RawHeaders = Record<string, string | string[] | undefined>;

function lowerCaseNames(headers: RawHeaders | undefined): Answer["headers"] {
  const lowered: Answer["headers"] = {};
  for (const [name, value] of Object.entries(headers ?? {})) lowered[name.toLowerCase()] = value;
  return lowered;
}

/** Numbers in a failure's text (ids, statuses) vary; the kind of failure does not. */
const failureKind = (text: string) => text.replace(/\d+/g, "N");

export class UserConnection {
  private flow: Flow | null = null;
  private script: FlowScript | null = null;
  private pending: HttpStep | null = null;
  private inFlight: HttpStep | null = null;
  private answered: { step: HttpStep; expected: boolean } | null = null;
  private readonly weights: ReadonlyArray<readonly [Flow, number]>;

  constructor(
    private readonly sessionCookie: string,
    flows: readonly Flow[],
    private readonly plan: UserPlan,
    private readonly random: Random,
    private readonly recorder: Recorder,
    private readonly settings: UserConnectionSettings,
  ) {
    if (flows.length === 0) throw new Error("A load user needs at least one flow");
    this.weights = flows.map((flow) => [flow, flow.weight] as const);
  }

  /** autocannon's one request slot: each call is the next request of this user. */
  request(): autocannon.Request {
    return {
      setupRequest: (defaults) => this.nextRequest(defaults),
      onResponse: (status, body, _context, headers) => this.answer(status, body, headers as RawHeaders | undefined),
    };
  }

  /** autocannon gave up on the request in flight (a broken connection or a timeout). */
  lost(): void {
    if (!this.inFlight) return;
    this.recorder.noAnswer(this.inFlight.kind, this.inFlight.path);
    this.inFlight = null;
    this.endFlow();
  }

  /** The time autocannon measured for the answer just handled. */
  timed(status: number, durationMs: number): void {
    if (this.answered) this.recorder.record(this.answered.step.kind, status, durationMs, this.answered.expected);
    this.answered = null;
  }

  private nextRequest(defaults: autocannon.Request): autocannon.Request {
    // Asked for another request without an answer to the last: it was lost with its connection.
    this.lost();
    const step = this.pending ?? this.startFlow();
    this.pending = null;
    this.inFlight = step;
    return { ...defaults, ...this.httpRequest(step) };
  }

  private answer(status: number, body: string, headers: RawHeaders | undefined): void {
    const step = this.inFlight;
    if (!step || !this.script || !this.flow) return;
    if (!Number.isInteger(status)) {
      this.lost();
      return;
    }
    this.inFlight = null;
    const expected = step.expect.includes(status);
    this.answered = { step, expected };
    if (!expected) {
      this.recorder.problem(`${REQUEST_KINDS[step.kind].label}: answered ${status}`, `${step.method} ${step.path}`);
      this.endFlow();
      return;
    }
    const next = this.script.next({ status, body, headers: lowerCaseNames(headers) });
    if (!next.done) {
      this.pending = next.value;
      return;
    }
    if (next.value && "failure" in next.value) this.recorder.problem(`${this.flow.label}: ${failureKind(next.value.failure)}`, next.value.failure);
    this.endFlow();
  }

  private startFlow(): HttpStep {
    for (let attempt = 0; attempt < 10; attempt++) {
      const flow = this.random.weighted(this.weights);
      const script = flow.run(this.plan, this.random);
      const first = script.next();
      if (!first.done) {
        this.flow = flow;
        this.script = script;
        return first.value;
      }
      this.recorder.problem(`${flow.label}: sent nothing`, flow.id);
    }
    throw new Error("No flow of this user sends a request");
  }

  private endFlow(): void {
    this.script?.return(undefined);
    this.script = null;
    this.flow = null;
    this.pending = null;
  }

  private httpRequest(step: HttpStep): autocannon.Request {
    const headers: Record<string, string> = {
      host: this.settings.publicHost,
      cookie: [this.sessionCookie, ...(step.cookies ?? [])].join("; "),
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "user-agent": LOAD_USER_AGENT,
      "sec-fetch-site": "same-origin",
    };
    // A browser asks for gzip; a body the flow reads is asked for plain (autocannon hands it over as text).
    if (!step.readBody) headers["accept-encoding"] = "gzip";
    if (step.method === "GET") return { method: "GET", path: step.path, headers };
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = this.settings.origin;
    return { method: "POST", path: step.path, headers, body: step.form?.toString() ?? "" };
  }
}
