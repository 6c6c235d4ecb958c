import { z } from "zod";
import { messageCookie } from "./message-cookie.server";

/**
 * A one-time message for the next page, carried in a signed cookie so it works without
 * JavaScript: the pop-up dialog (title, message, OK) shows it once.
 */
export const flashSchema = z.object({
  title: z.string().max(200),
  message: z.string().max(2000),
  lines: z.array(z.string().max(500)).max(200).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

const FLASH_COOKIE = "__portal_flash";

const flashCookie = () => messageCookie(FLASH_COOKIE);

/** The Set-Cookie value that puts a message on the next page. */
export function flashCookieHeader(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/**
 * Browsers drop a cookie whose name and value exceed 4096 bytes, silently. A message longer than
 * this (its serialised, signed name and value) does not go in the cookie.
 */
export const FLASH_COOKIE_LIMIT = 4000;

/** The Set-Cookie value for this message, or null when it is too long for the cookie. */
export async function flashCookieHeaderIfItFits(flash: Flash): Promise<string | null> {
  const header = await flashCookieHeader(flash);
  const nameAndValue = header.split(";")[0] ?? "";
  return Buffer.byteLength(nameAndValue) <= FLASH_COOKIE_LIMIT ? header : null;
}

/** The message waiting for this request, if any, and the Set-Cookie value that consumes it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("Cookie") ?? "";
  if (!header.includes(`${FLASH_COOKIE}=`)) return { flash: null, clear: null };
  const cookie = flashCookie();
  const parsed = flashSchema.safeParse(await cookie.parse(header));
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}
