import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { checkSession, signedOutCookies } from "~/auth/user-session.server";

/**
 * The browser's 600 s keep-alive (with JavaScript): renews the token when under 1200 s remain.
 * It is not user activity, so it never keeps an inactive user signed in. A 401 carries the
 * message /login shows next when the session has just ended.
 */
export async function action({ request }: ActionFunctionArgs) {
  const check = await checkSession(request, { purpose: "keepAlive" });
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (check.signedIn) return new Response(null, { status: 204, headers });
  for (const cookie of await signedOutCookies(request, check.reason)) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 401, headers });
}

export function loader(_args: LoaderFunctionArgs) {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
