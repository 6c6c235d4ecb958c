import { beforeAll, describe, expect, it, vi } from "vitest";
import { takeFlash } from "~/auth/flash.server";
import { pathAndBelow } from "~/auth/return-to";
import { log } from "~/lib/logger.server";
import { conflict, done, failed, refused, type ActionOutcome, type PopUpMessage } from "~/write-path/action-outcome";
import { answerAction, answerResourceAction } from "~/write-path/answer-action.server";
import { runAction } from "~/write-path/run-action.server";
import { useTestAuthSettings } from "../support/signed-in-request";

/** answerAction / answerResourceAction / runAction: every outcome, with and without JavaScript. */

const SAVED: PopUpMessage = { title: "Success", message: "Your time zone has been saved." };
const STALE: PopUpMessage = { title: "Fail", message: "This record was changed by someone else. Please try again." };
const BROKEN: PopUpMessage = { title: "Fail", message: "Something went wrong while saving the change. Please try it again" };
const BACK = "/settings";

function form(fields: Record<string, string> = {}): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}
const withDialog = () => form({ respond: "dialog" });

type Answered = { redirect: string; popUp: PopUpMessage | null } | { status: number; body: unknown };

/** What the browser gets: a redirect with the pop-up its cookie carries, or a status and a body. */
async function read(answer: Awaited<ReturnType<typeof answerAction>>): Promise<Answered> {
  if (answer instanceof Response) {
    if (answer.status >= 300 && answer.status < 400) {
      const setCookie = answer.headers.get("Set-Cookie");
      const popUp = setCookie ? (await takeFlash(new Request("http://portal.test/", { headers: { Cookie: setCookie.split(";")[0] } }))).flash : null;
      return { redirect: answer.headers.get("Location") ?? "", popUp };
    }
    return { status: answer.status, body: await answer.json() };
  }
  return { status: answer.init?.status ?? 200, body: answer.data };
}

beforeAll(() => useTestAuthSettings());

describe("answerAction (a page's action)", () => {
  it("answers done with a redirect back and the message as the pop-up, or with the message as data when the fetcher asks", async () => {
    expect(await read(await answerAction(form(), done(SAVED), { back: BACK }))).toEqual({ redirect: BACK, popUp: SAVED });
    expect(await read(await answerAction(withDialog(), done(SAVED), { back: BACK }))).toEqual({ status: 200, body: { outcome: SAVED } });
  });

  it("answers a refusal with 400 and the form's errors as conform's reply, with and without JavaScript", async () => {
    const outcome = refused({
      intent: "preferredLocation",
      fieldErrors: { shopId: ["Field is required"] },
      formErrors: ["Check the form"],
      values: { shopId: "x" },
    });
    const expected = {
      status: 400,
      body: {
        intent: "preferredLocation",
        result: { status: "error", initialValue: { shopId: "x" }, error: { shopId: ["Field is required"], "": ["Check the form"] } },
      },
    };
    expect(await read(await answerAction(form(), outcome, { back: BACK }))).toEqual(expected);
    expect(await read(await answerAction(withDialog(), outcome, { back: BACK }))).toEqual(expected);
    expect(await read(await answerAction(form(), refused({ formErrors: ["Unknown form"] }), { back: BACK }))).toMatchObject({
      status: 400,
      body: { intent: null },
    });
  });

  it("lets a page shape its refusal's body, and nothing else", async () => {
    const refusedBody = (outcome: Extract<ActionOutcome, { kind: "refused" }>) => ({ refusals: outcome.formErrors });
    expect(
      await read(await answerAction(form(), refused({ formErrors: ["Select at least one transaction to resend."] }), { back: BACK, refusedBody })),
    ).toEqual({
      status: 400,
      body: { refusals: ["Select at least one transaction to resend."] },
    });
    expect(await read(await answerAction(form(), done(SAVED), { back: BACK, refusedBody }))).toEqual({ redirect: BACK, popUp: SAVED });
  });

  it("answers a conflict with 409 for the fetcher, and a redirect back to the fresh page with the pop-up without JavaScript", async () => {
    expect(await read(await answerAction(withDialog(), conflict(STALE), { back: BACK }))).toEqual({ status: 409, body: { outcome: STALE } });
    expect(await read(await answerAction(form(), conflict(STALE), { back: BACK }))).toEqual({ redirect: BACK, popUp: STALE });
  });

  it("answers failed with the failure's words, never a 5xx", async () => {
    expect(await read(await answerAction(withDialog(), failed(BROKEN), { back: BACK }))).toEqual({ status: 200, body: { outcome: BROKEN } });
    expect(await read(await answerAction(form(), failed(BROKEN), { back: BACK }))).toEqual({ redirect: BACK, popUp: BROKEN });
  });

  it("replaces a way back that is not a same-origin path (or not in its area) with the fallback", async () => {
    for (const back of ["https://evil.example/settings", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/%2F%2Fevil.example", ""]) {
      expect(await read(await answerAction(form(), done(SAVED), { back, fallback: "/transactions/12" })), back).toMatchObject({ redirect: "/transactions/12" });
    }
    const area = { fallback: "/transactions/12", area: pathAndBelow("/transactions") };
    expect(await read(await answerAction(form(), done(SAVED), { back: "/home", ...area }))).toMatchObject({ redirect: "/transactions/12" });
    expect(await read(await answerAction(form(), done(SAVED), { back: "/transactions?page=2", ...area }))).toMatchObject({ redirect: "/transactions?page=2" });
    expect(await read(await answerAction(form(), done(SAVED), { back: "https://evil.example/" }))).toMatchObject({ redirect: "/" });
  });

  it("takes the outcome's own way back when it is safe, and the route's when it is not", async () => {
    const options = { back: "/transactions", area: pathAndBelow("/transactions") };
    expect(await read(await answerAction(form(), done(SAVED, { back: "/transactions/7" }), options))).toMatchObject({ redirect: "/transactions/7" });
    expect(await read(await answerAction(form(), done(SAVED, { back: "//evil.example/transactions" }), options))).toMatchObject({ redirect: "/transactions" });
    expect(await read(await answerAction(form(), done(SAVED, { back: "/home" }), options))).toMatchObject({ redirect: "/transactions" });
  });

  it("sends a message too long for the pop-up's cookie to the page that shows it in full, or keeps the lines that fit", async () => {
    const long: PopUpMessage = {
      title: "Results",
      message: "Results for 40 transaction(s):",
      lines: Array.from({ length: 40 }, (_, index) => `Request ${index}: ${"x".repeat(200)}`),
    };
    expect(await read(await answerAction(form(), done(long, { fullAt: "/transactions/resend?result=abc" }), { back: BACK }))).toEqual({
      redirect: "/transactions/resend?result=abc",
      popUp: null,
    });
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      const shortened = await read(await answerAction(form(), done(long), { back: BACK }));
      expect(shortened).toMatchObject({ redirect: BACK, popUp: { title: "Results", message: "Results for 40 transaction(s):" } });
      const lines = "popUp" in shortened ? (shortened.popUp?.lines ?? []) : [];
      expect(lines.length).toBeGreaterThan(0);
      expect(lines).toEqual(long.lines?.slice(0, lines.length));
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("answerResourceAction (an action without a page: a button's POST)", () => {
  const refusal = refused({
    formErrors: ["Resending the invoice is not allowed for this transaction."],
    message: { title: "Fail", message: "Failed to Resend Invoice", lines: ["Resending the invoice is not allowed for this transaction."] },
  });

  it("answers a refusal as a pop-up: 400 data for the fetcher, a redirect back without JavaScript", async () => {
    expect(await read(await answerResourceAction(withDialog(), refusal, { back: "/transactions/4" }))).toEqual({
      status: 400,
      body: { outcome: refusal.message },
    });
    expect(await read(await answerResourceAction(form(), refusal, { back: "/transactions/4" }))).toEqual({
      redirect: "/transactions/4",
      popUp: refusal.message,
    });
  });

  it("says a refusal without words of its own with its errors", async () => {
    const bare = refused({ formErrors: ["This form has expired."], fieldErrors: { kind: ["Unknown kind"] } });
    expect(await read(await answerResourceAction(withDialog(), bare, { back: "/transactions/4" }))).toEqual({
      status: 400,
      body: { outcome: { title: "Fail", message: "This form has expired.", lines: ["Unknown kind"] } },
    });
  });

  it("answers done, conflict and failed as the page's action does, always as a Response", async () => {
    for (const [outcome, status] of [
      [done(SAVED), 200],
      [conflict(STALE), 409],
      [failed(BROKEN), 200],
    ] as const) {
      const answer = await answerResourceAction(withDialog(), outcome, { back: "/transactions/4" });
      expect(answer).toBeInstanceOf(Response);
      expect(await read(answer)).toEqual({ status, body: { outcome: outcome.message } });
      expect(await read(await answerResourceAction(form(), outcome, { back: "https://evil.example/", fallback: "/transactions/4" }))).toEqual({
        redirect: "/transactions/4",
        popUp: outcome.message,
      });
    }
  });
});

describe("runAction", () => {
  const options = { failure: BROKEN, logAs: "Saving a setting failed" };

  it("passes the module's outcome through", async () => {
    expect(await runAction(async () => done(SAVED), options)).toEqual(done(SAVED));
    expect(await runAction(async () => conflict(STALE), options)).toEqual(conflict(STALE));
  });

  it("turns an unexpected error into the failed outcome, logged once, and the answer is no 5xx", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      const outcome = await runAction(async () => {
        throw new TypeError("Cannot read properties of undefined");
      }, options);
      expect(outcome).toEqual({ kind: "failed", message: BROKEN });
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith("Saving a setting failed", { error: expect.any(TypeError) });
      const answered = await read(await answerAction(withDialog(), outcome, { back: BACK }));
      expect(answered).toEqual({ status: 200, body: { outcome: BROKEN } });
      expect(await read(await answerAction(form(), outcome, { back: BACK }))).toEqual({ redirect: BACK, popUp: BROKEN });
    } finally {
      error.mockRestore();
    }
  });

  it("answers a result of another kind with what answerFailure makes of the failure's words, and passes it through otherwise", async () => {
    const answering = { ...options, answerFailure: (failure: PopUpMessage) => ({ shown: failure.message }) };
    expect(await runAction(async () => ({ shown: "report" }), answering)).toEqual({ shown: "report" });
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      const answer = await runAction(async (): Promise<{ shown: string }> => {
        throw new TypeError("Cannot read properties of undefined");
      }, answering);
      expect(answer).toEqual({ shown: BROKEN.message });
      expect(error).toHaveBeenCalledWith("Saving a setting failed", { error: expect.any(TypeError) });
    } finally {
      error.mockRestore();
    }
    const notFound = new Response("Not Found", { status: 404 });
    await expect(runAction(async () => Promise.reject(notFound), answering)).rejects.toBe(notFound);
  });

  it("lets Remix's thrown answers and a database outage (503, decision 0017) go up", async () => {
    const notFound = new Response("Not Found", { status: 404 });
    await expect(runAction(async () => Promise.reject(notFound), options)).rejects.toBe(notFound);
    const outage = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    await expect(runAction(async () => Promise.reject(outage), options)).rejects.toBe(outage);
  });
});
