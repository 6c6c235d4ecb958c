import { createCookie, type Cookie } from "@remix-run/node";
import { getAuthSettings } from "./auth-settings.server";

export const SESSION_COOKIE = "__portal_session";
export const RETURN_TO_COOKIE = "__portal_return_to";

/** The session cookie carries only the signed id of a database session row. */
export function sessionCookie(): Cookie {
  const settings = getAuthSettings();
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookies,
    path: "/",
    secrets: [settings.sessionSecret],
  });
}

/** Where to come back to after the identity provider, kept for the ten minutes a sign-in may take. */
export function returnToCookie(): Cookie {
  const settings = getAuthSettings();
  return createCookie(RETURN_TO_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookies,
    path: "/",
    maxAge: 600,
    secrets: [settings.sessionSecret],
  });
}

/** The session id from the request, or null when missing or tampered with. */
export async function readSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(/;\s*/).some((part) => part.startsWith(`${SESSION_COOKIE}=`));
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}
