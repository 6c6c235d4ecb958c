import type { LoaderFunctionArgs } from "@remix-run/node";
import { readCorrections } from "~/grid/grid-corrections.server";
import { loaderArgs, pageRequest, TEST_ORIGIN } from "./signed-in-request";

/** A grid loader's answer: its page, or the redirect it threw with what it corrected (shown beside the grid next). */
export type GridAnswer<View> = { view: View } | { status: number; location: string | null; correctedLines: string[] };

type GridLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** A loader's data, whether it answered it as it is or with headers (Remix's data()). */
export function loaderData(answer: unknown): unknown {
  const withInit = answer as { type?: unknown; data?: unknown } | null;
  return withInit && typeof withInit === "object" && withInit.type === "DataWithResponseInit" ? withInit.data : answer;
}

/** Calls a grid route's loader as a function with a signed-in request (the cookie) for a path. */
export async function openGridLoader<View>(loader: GridLoader, cookie: string, path: string): Promise<GridAnswer<View>> {
  try {
    return { view: loaderData(await loader(loaderArgs(pageRequest(path, cookie)))) as View };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const setCookie = thrown.headers.get("Set-Cookie");
    const corrected = setCookie ? await readCorrections(new Request(TEST_ORIGIN, { headers: { Cookie: setCookie.split(";")[0] } })) : null;
    return { status: thrown.status, location: thrown.headers.get("Location"), correctedLines: corrected?.lines ?? [] };
  }
}

/** The page a browser ends on, following the loader's redirects to the canonical URL. */
export async function viewGridLoader<View>(loader: GridLoader, cookie: string, path: string): Promise<View> {
  let target = path;
  for (let hop = 0; hop < 3; hop++) {
    const answer = await openGridLoader<View>(loader, cookie, target);
    if ("view" in answer) return answer.view;
    if (answer.status !== 302 || !answer.location) break;
    target = answer.location;
  }
  throw new Error(`expected a page for ${path}`);
}
