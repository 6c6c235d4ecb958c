import { takeFlash } from "~/lib/flash.server";
import { loaderData } from "./grid-loader";
import { TEST_ORIGIN } from "./signed-in-request";

/** A grid action's POST as a browser's form sends it (urlencoded), signed in by `cookie`. */
export function postRequest(path: string, cookie: string, fields: [string, string][]): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What an action answered: its status, a redirect's target and pop-up (the flash cookie), or its data. */
export interface Answer {
  status: number;
  location?: string | null;
  popUp?: { title: string; message: string } | null;
  body?: unknown;
}

export async function answered(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie");
    const popUp = cookie ? (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).flash : null;
    return { status: result.status, location: result.headers.get("Location"), popUp };
  }
  const withInit = result as { init?: { status?: number } };
  return { status: withInit.init?.status ?? 200, body: loaderData(result) };
}

/** A refused grid action's errors, every line. */
export const refusalLines = (answer: Answer) => Object.values((answer.body as { result: { error: Record<string, string[]> } }).result.error).flat();
