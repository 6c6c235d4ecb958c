import { takeFlash } from "~/auth/flash.server";
import { loaderData } from "./grid-loader";
import { TEST_ORIGIN } from "./signed-in-request";

/** What a route action answered: a redirect with its pop-up, or data with a status. */
export interface ActionAnswer {
  status: number;
  location?: string | null;
  popUp?: { title: string; message: string; lines?: string[] } | null;
  body?: unknown;
}

/** An action's returned answer: a redirect with the pop-up its flash cookie carries, or data with its status. */
export async function answerOf(result: unknown): Promise<ActionAnswer> {
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie");
    const popUp = cookie ? (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: cookie.split(";")[0] } }))).flash : null;
    return { status: result.status, location: result.headers.get("Location"), popUp };
  }
  const withInit = result as { init?: { status?: number } };
  return { status: withInit.init?.status ?? 200, body: loaderData(result) };
}

/** What an action answered, a thrown Response (the 404 page) included: then only its status. */
export async function answered(run: () => Promise<unknown>): Promise<ActionAnswer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
  return answerOf(result);
}
