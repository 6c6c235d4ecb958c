import { createCookie } from "@remix-run/node";
import { getAuthSettings } from "./auth-settings.server";

/**
 * A signed cookie that carries a message across one redirect (the pop-up's flash, a grid's
 * corrections): HttpOnly, SameSite=Lax, host-wide, gone after two minutes.
 */
export function messageCookie(name: string) {
  const settings = getAuthSettings();
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookies,
    path: "/",
    maxAge: 120,
    secrets: [settings.sessionSecret],
  });
}
