/** Used when neither the user's preference nor the browser names a zone. */
export const DEFAULT_TIME_ZONE = "America/Chicago";

/** The cookie the browser's time zone travels in (set by a tiny inline script, see TimeZoneCookieScript). */
export const TIME_ZONE_COOKIE = "tz";

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
