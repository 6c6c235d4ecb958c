import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { setAuthSettings } from "~/auth/auth-settings.server";
import { sessionCookie } from "~/auth/session-cookie.server";
import { createSession } from "~/auth/session-store.server";
import type { UserClaims } from "~/auth/user-claims";

/**
 * Loaders and actions called as functions, with a signed-in request: a user row, a session row
 * whose access token is good for a day, and the signed session cookie that names it.
 */
export const TEST_ORIGIN = "http://portal.test";

export function useTestAuthSettings(): void {
  setAuthSettings({
    publicOrigin: TEST_ORIGIN,
    issuer: `${TEST_ORIGIN}/oidc`,
    clientId: "portal",
    clientSecret: "integration-test-client-secret",
    sessionSecret: "integration-test-session-secret-0123456789",
    secureCookies: false,
  });
}

/** The Cookie header of a fresh session for this user (created, with the user row, when missing). */
export async function signedInCookie(claims: UserClaims, now: Date = new Date()): Promise<string> {
  const id = await createSession(
    {
      claims,
      tokens: {
        accessToken: "test-access-token",
        accessTokenExpiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        refreshToken: null,
        idToken: "test-id-token",
      },
    },
    now,
  );
  const setCookie = await sessionCookie().serialize(id);
  return setCookie.split(";")[0];
}

/** A urlencoded form POST; fields as pairs when a name repeats. */
export function formRequest(path: string, cookie: string, fields: Record<string, string> | Array<[string, string]>): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

export function pageRequest(path: string, cookie: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: cookie } });
}

const CONTEXT = { nonce: "test-nonce", requestId: "test-request" };

export function actionArgs(request: Request): ActionFunctionArgs {
  return { request, params: {}, context: CONTEXT };
}

export function loaderArgs(request: Request): LoaderFunctionArgs {
  return { request, params: {}, context: CONTEXT };
}
