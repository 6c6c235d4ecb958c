import { data, redirect } from "@remix-run/node";
import { flashCookieHeaderIfItFits } from "~/auth/flash.server";
import { safeReturnTo, type ReturnPathArea } from "~/auth/return-to";
import { log } from "~/lib/logger.server";
import { formAnswer, wantsDialog, type ActionOutcome, type DialogAnswer, type FormAnswer, type PopUpMessage, type RefusedOutcome } from "./action-outcome";

/**
 * The one answer to every write (DESIGN §6, decision 0023). The module says what happened (an
 * ActionOutcome); this decides the status, the body, the redirect and the pop-up, the same way for
 * every action, with and without JavaScript:
 *
 * | outcome  | fetcher with respond=dialog | without JavaScript |
 * |----------|-----------------------------|--------------------|
 * | done     | 200 `{ outcome }`           | redirect back, the message as the pop-up |
 * | refused  | 400, the form's errors (a page) or `{ outcome }` (no page) | the same 400 page with the errors in place; without a page: redirect back with the pop-up |
 * | conflict | 409 `{ outcome }`           | redirect back (fresh rows), the message as the pop-up |
 * | failed   | 200 `{ outcome }`           | redirect back, the message as the pop-up |
 *
 * "Back" is always checked here (safeReturnTo), whatever the route or the module passed.
 */

export interface AnswerOptions {
  /** Where the browser goes after the write without JavaScript (the page the form was on). */
  back: string;
  /** Where it goes when `back`, or the outcome's own, is not a same-origin path (in `area`). */
  fallback?: string;
  area?: ReturnPathArea;
}

export interface PageAnswerOptions<Body> extends AnswerOptions {
  /** The body of a refusal, for a page that reads its errors otherwise than as conform's reply. */
  refusedBody: (outcome: RefusedOutcome) => Body;
}

type ActionData<Body> = ReturnType<typeof data<Body>>;
export type PageAnswer<Body> = Response | ActionData<DialogAnswer | Body>;

const STATUS = { done: 200, refused: 400, conflict: 409, failed: 200 } as const;
const NO_STORE = { "Cache-Control": "no-store" };
/** The spec's title of every pop-up that reports something not done. */
const REFUSAL_TITLE = "Fail";

function wayBack(outcome: ActionOutcome, options: AnswerOptions): string {
  const routeBack = safeReturnTo(options.back, options.fallback ?? "/", options.area);
  return outcome.kind === "done" && outcome.back ? safeReturnTo(outcome.back, routeBack, options.area) : routeBack;
}

/** A refusal said in a pop-up when the module gave no words for it: its errors, one per line. */
function refusalPopUp(outcome: RefusedOutcome): PopUpMessage {
  if (outcome.message) return outcome.message;
  const [first = "", ...rest] = [...outcome.formErrors, ...Object.values(outcome.fieldErrors).flat()];
  return { title: REFUSAL_TITLE, message: first, lines: rest };
}

/** The pop-up's lines that fit in the cookie, from the first; the title and message always stay. */
async function shortenedCookie(popUp: PopUpMessage): Promise<string> {
  const lines = popUp.lines ?? [];
  for (let kept = lines.length - 1; kept > 0; kept--) {
    const header = await flashCookieHeaderIfItFits({ ...popUp, lines: lines.slice(0, kept) });
    if (header) return header;
  }
  return (await flashCookieHeaderIfItFits({ title: popUp.title, message: popUp.message })) ?? "";
}

async function redirectWithPopUp(to: string, popUp: PopUpMessage, fullAt: string | undefined): Promise<Response> {
  const header = await flashCookieHeaderIfItFits(popUp);
  if (header) return redirect(to, { headers: { "Set-Cookie": header } });
  const fullPage = fullAt ? safeReturnTo(fullAt, "") : "";
  if (fullPage) return redirect(fullPage);
  log.warn("A pop-up message was too long for its cookie: lines were left out", { title: popUp.title, lines: popUp.lines?.length ?? 0 });
  const shortened = await shortenedCookie(popUp);
  return redirect(to, shortened ? { headers: { "Set-Cookie": shortened } } : undefined);
}

/** What to send, before it is a Response or route data. */
type Plan<Body> = { send: "data"; status: number; body: DialogAnswer | Body } | { send: "redirect"; to: string; popUp: PopUpMessage; fullAt?: string };

function plan<Body>(formData: FormData, outcome: ActionOutcome, options: AnswerOptions, refusal: (outcome: RefusedOutcome) => Plan<Body>): Plan<Body> {
  if (outcome.kind === "refused") return refusal(outcome);
  if (wantsDialog(formData)) return { send: "data", status: STATUS[outcome.kind], body: { outcome: outcome.message } };
  return { send: "redirect", to: wayBack(outcome, options), popUp: outcome.message, fullAt: outcome.kind === "done" ? outcome.fullAt : undefined };
}

/**
 * The answer of a page's action. A refusal is the page again with status 400 and the form's errors
 * in place (conform's reply by default), so it works without JavaScript.
 */
export function answerAction(formData: FormData, outcome: ActionOutcome, options: AnswerOptions): Promise<PageAnswer<FormAnswer>>;
export function answerAction<Body>(formData: FormData, outcome: ActionOutcome, options: PageAnswerOptions<Body>): Promise<PageAnswer<Body>>;
export async function answerAction<Body>(
  formData: FormData,
  outcome: ActionOutcome,
  options: AnswerOptions & Partial<PageAnswerOptions<Body>>,
): Promise<PageAnswer<Body | FormAnswer>> {
  const answer = plan<Body | FormAnswer>(formData, outcome, options, (refusal) => ({
    send: "data",
    status: STATUS.refused,
    body: options.refusedBody ? options.refusedBody(refusal) : formAnswer(refusal),
  }));
  if (answer.send === "redirect") return redirectWithPopUp(answer.to, answer.popUp, answer.fullAt);
  return data(answer.body, { status: answer.status, headers: NO_STORE });
}

/**
 * The answer of an action without a page of its own (a resource route, such as a button's POST):
 * there is nowhere to show a form's errors, so a refusal is a pop-up too (400 for the fetcher).
 * Always a Response: a resource route's answer is sent as it is.
 */
export async function answerResourceAction(formData: FormData, outcome: ActionOutcome, options: AnswerOptions): Promise<Response> {
  const answer = plan<never>(formData, outcome, options, (refusal) =>
    wantsDialog(formData)
      ? { send: "data", status: STATUS.refused, body: { outcome: refusalPopUp(refusal) } }
      : { send: "redirect", to: wayBack(refusal, options), popUp: refusalPopUp(refusal) },
  );
  if (answer.send === "redirect") return redirectWithPopUp(answer.to, answer.popUp, answer.fullAt);
  return Response.json(answer.body, { status: answer.status, headers: NO_STORE });
}
