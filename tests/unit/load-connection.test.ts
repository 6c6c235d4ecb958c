import { EventEmitter } from "node:events";
import type autocannon from "autocannon";
import { isbot } from "isbot";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetRequestsLostWithTheirConnection, paceRequests } from "../../scripts/load/autocannon-client";
import type { Flow } from "../../scripts/load/mix";
import { Recorder } from "../../scripts/load/recorder";
import { LOAD_USER_AGENT, UserConnection } from "../../scripts/load/user-connection";
import { emptyPlan } from "../../scripts/load/user-plan";
import { Random } from "../../seed/random";

/** One load user on one autocannon connection (scripts/load/user-connection.ts), driven as autocannon drives it. */

const SETTINGS = { publicHost: "localhost:4000", origin: "http://localhost:4000" };

const settingsFlow: Flow = {
  id: "settings",
  label: "Settings",
  weight: 1,
  kinds: ["settings", "settingsSave"],
  available: () => true,
  *run() {
    const first = yield { kind: "settings", method: "GET", path: "/settings", expect: [200], readBody: true };
    if (!first.body.includes("form")) return { failure: "no form on page 12" };
    yield { kind: "settingsSave", method: "POST", path: "/settings", form: new URLSearchParams({ intent: "timeZone" }), expect: [302] };
  },
};

function connection(recorder = new Recorder()) {
  const user = new UserConnection("__portal_session=s1", [settingsFlow], emptyPlan(), new Random("t"), recorder, SETTINGS);
  const slot = user.request();
  const next = () => {
    if (typeof slot.setupRequest !== "function") throw new Error("no setupRequest");
    return slot.setupRequest({ method: "GET", path: "/" }, {});
  };
  const answer = (status: number, body = "", headers: Record<string, string> = {}) => {
    if (typeof slot.onResponse !== "function") throw new Error("no onResponse");
    slot.onResponse(status, body, {}, headers);
  };
  return { user, next, answer, recorder };
}

describe("a load user's connection", () => {
  it("sends a flow's steps in turn, as a browser behind the balancer would, and records each answer under its kind", () => {
    const { user, next, answer, recorder } = connection();
    const page = next();
    expect(page).toMatchObject({ method: "GET", path: "/settings" });
    expect(page.headers).toMatchObject({ host: "localhost:4000", cookie: "__portal_session=s1", "user-agent": LOAD_USER_AGENT });
    // A person's browser: the portal streams pages to browsers and renders whole documents for crawlers.
    expect(isbot(LOAD_USER_AGENT)).toBe(false);
    // The page's body is read: it is asked for without gzip.
    expect(page.headers?.["accept-encoding"]).toBeUndefined();
    answer(200, "<form>");
    user.timed(200, 42);
    const save = next();
    expect(save).toMatchObject({ method: "POST", path: "/settings", body: "intent=timeZone" });
    expect(save.headers).toMatchObject({ origin: "http://localhost:4000", "content-type": "application/x-www-form-urlencoded", "accept-encoding": "gzip" });
    answer(302);
    user.timed(302, 7);
    expect(recorder.kinds().map((kind) => [kind.kind, kind.durationsMs, kind.unexpected])).toEqual([
      ["settings", [42], 0],
      ["settingsSave", [7], 0],
    ]);
    expect(recorder.problemList()).toEqual([]);
    // The flow is over: the next request starts a new one.
    expect(next()).toMatchObject({ path: "/settings" });
  });

  it("counts an unexpected status as an error and starts a new flow", () => {
    const { user, next, answer, recorder } = connection();
    next();
    answer(302, "", { Location: "/login" });
    user.timed(302, 5);
    expect(recorder.problemList()).toEqual([{ what: "Settings: answered 302", count: 1, example: "GET /settings" }]);
    expect(recorder.kinds()[0]).toMatchObject({ kind: "settings", redirect: true, unexpected: 1 });
    expect(next()).toMatchObject({ method: "GET", path: "/settings" });
  });

  it("counts a flow that cannot go on as an error, by kind of failure", () => {
    const { next, answer, recorder } = connection();
    next();
    answer(200, "nothing here");
    next();
    answer(200, "nor here");
    expect(recorder.problemList()).toEqual([{ what: "Settings: no form on page N", count: 2, example: "no form on page 12" }]);
  });

  it("counts a request autocannon gave up on (a timeout, a broken connection) as unanswered", () => {
    const { next, recorder } = connection();
    next();
    // autocannon asks for the next request without an answer to the last.
    expect(next()).toMatchObject({ path: "/settings" });
    expect(recorder.unanswered.get("settings")).toBe(1);
    expect(recorder.problemList()[0].what).toBe("no answer: Settings");
  });
});

/** The part of autocannon 9's client that the load changes. */
function fakeClient() {
  const client = Object.assign(new EventEmitter(), {
    destroyed: false,
    sent: 0,
    queue: ["a request"],
    destroy() {
      client.destroyed = true;
      client.emit("done");
    },
    pipelinedRequests: {
      clear() {
        client.queue = [];
      },
    },
    _doRequest() {
      client.sent++;
    },
  });
  return client;
}

describe("the pace of a user's requests", () => {
  afterEach(() => vi.useRealTimers());

  it("sends after the pause, once however often it is asked while pausing, and never after the client is done", () => {
    vi.useFakeTimers();
    const client = fakeClient();
    paceRequests(client as unknown as autocannon.Client, () => 1000, performance.now() + 60_000);
    client._doRequest();
    client._doRequest();
    vi.advanceTimersByTime(999);
    expect(client.sent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(client.sent).toBe(1);
    client._doRequest();
    client.destroyed = true;
    client.emit("done");
    vi.advanceTimersByTime(5000);
    expect(client.sent).toBe(1);
  });

  it("sends at once without a pause, and closes the client instead of sending once the load's time is up", () => {
    vi.useFakeTimers();
    const client = fakeClient();
    paceRequests(client as unknown as autocannon.Client, () => 0, performance.now() + 1000);
    client._doRequest();
    expect(client.sent).toBe(1);
    vi.advanceTimersByTime(1000);
    client._doRequest();
    expect(client.sent).toBe(1);
    expect(client.destroyed).toBe(true);
  });

  it("refuses a client that is not autocannon 9's rather than measuring something else", () => {
    expect(() => paceRequests(new EventEmitter() as unknown as autocannon.Client, () => 1, 0)).toThrow(/needs autocannon 9/);
  });
});

describe("a request lost with its connection", () => {
  it("leaves autocannon's queue of awaited answers, so the next answer is matched with the next request, and counts as unanswered", () => {
    const client = fakeClient();
    const recorder = new Recorder();
    const user = new UserConnection("__portal_session=s1", [settingsFlow], emptyPlan(), new Random("t"), recorder, SETTINGS);
    forgetRequestsLostWithTheirConnection(client as unknown as autocannon.Client, () => user.lost());
    const slot = user.request();
    if (typeof slot.setupRequest !== "function") throw new Error("no setupRequest");
    slot.setupRequest({}, {});
    client.emit("connError", new Error("socket hang up"));
    expect(client.queue).toEqual([]);
    expect(recorder.unanswered.get("settings")).toBe(1);
    // A timeout (autocannon empties its queue itself) is unanswered too; nothing was in flight after the first.
    slot.setupRequest({}, {});
    client.emit("timeout");
    client.emit("timeout");
    expect(recorder.unanswered.get("settings")).toBe(2);
  });
});
