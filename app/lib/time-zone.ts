/** Used when neither the user's preference nor the browser names a zone. */
export const DEFAULT_TIME_ZONE = "America/Chicago";

/** The cookie the browser's time zone travels in (set by a tiny inline script, see TimeZoneCookieScript). */
export const TIME_ZONE_COOKIE = "tz";

/**
 * Remembers the browser's time zone in the cookie, so the server can render dates in it: inline on
 * every portal page and on the built-in identity provider's sign-in page (the first page a new
 * visitor's browser runs a script on).
 */
export const TIME_ZONE_COOKIE_SCRIPT = `try{document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+"; path=/; max-age=31536000; samesite=lax"}catch(e){}`;

/** Where the zone in use came from. */
export type TimeZoneSource = "preference" | "browser" | "default";

/** Whether the runtime knows this IANA zone name. */
export function isValidTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a zone name ("america/chicago" → "America/Chicago"), or null when it is not a zone. */
export function canonicalTimeZone(name: string): string | null {
  if (!isValidTimeZone(name)) return null;
  return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
}
