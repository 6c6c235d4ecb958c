import { type ActionAnswer } from "./action-answer";
import { TEST_ORIGIN } from "./signed-in-request";

export { answered } from "./action-answer";
export type Answer = ActionAnswer;

/** A grid action's POST as a browser's form sends it (urlencoded), signed in by `cookie`. */
export function postRequest(path: string, cookie: string, fields: [string, string][]): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A refused grid action's errors, every line. */
export const refusalLines = (answer: Answer) => Object.values((answer.body as { result: { error: Record<string, string[]> } }).result.error).flat();
