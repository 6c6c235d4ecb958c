import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getSignedInUser } from "~/auth/user-session.server";

/**
 * The browser's 600 s keep-alive (with JavaScript): renews the token when under 1200 s remain.
 * It is not user activity, so it never keeps an inactive user signed in.
 */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await getSignedInUser(request, { purpose: "keepAlive" });
  return new Response(null, { status: signedIn ? 204 : 401, headers: { "Cache-Control": "no-store" } });
}

export function loader(_args: LoaderFunctionArgs) {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
