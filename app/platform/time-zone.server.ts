import { DEFAULT_TIME_ZONE, isValidTimeZone, TIME_ZONE_COOKIE, type TimeZoneSource } from "~/lib/time-zone";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference, readPreferences, writePreferenceOnce } from "~/platform/preferences/preference-store.server";
import { timeZoneValueSchema } from "~/platform/preferences/preference-values";

export interface UserTimeZone {
  timeZone: string;
  source: TimeZoneSource;
}

/** The zone the browser reported in the tz cookie, when it is one the server knows. */
export function browserTimeZone(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    if (!part.startsWith(`${TIME_ZONE_COOKIE}=`)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(TIME_ZONE_COOKIE.length + 1));
    } catch {
      return null;
    }
    return isValidTimeZone(value) ? value : null;
  }
  return null;
}

/**
 * The user's one time zone, the same with and without JavaScript (decision 0031): their setting,
 * else their browser's zone as saved on their first visit with JavaScript (the tz cookie), else
 * America/Chicago. The browser's zone is saved once: a later visit from another zone, or without
 * JavaScript, keeps the saved one until the user chooses a zone in Settings.
 */
export async function userTimeZone(request: Request, userId: string): Promise<UserTimeZone> {
  const stored = await readPreferences(userId, [PREFERENCE_KEYS.timeZone, PREFERENCE_KEYS.browserTimeZone], timeZoneValueSchema);
  const preferred = stored[PREFERENCE_KEYS.timeZone];
  const saved = stored[PREFERENCE_KEYS.browserTimeZone];
  if (preferred && isValidTimeZone(preferred)) return { timeZone: preferred, source: "preference" };
  if (saved && isValidTimeZone(saved)) return { timeZone: saved, source: "browser" };
  const browser = browserTimeZone(request);
  // Saved from a page's request only: a form's POST writes what it is for, and nothing else.
  if (browser && request.method !== "GET") return { timeZone: browser, source: "browser" };
  if (browser) {
    await writePreferenceOnce(userId, PREFERENCE_KEYS.browserTimeZone, browser, new Date());
    // Another request of the same first visit may have saved its zone first: that one holds.
    const kept = await readPreference(userId, PREFERENCE_KEYS.browserTimeZone, timeZoneValueSchema);
    return { timeZone: kept && isValidTimeZone(kept) ? kept : browser, source: "browser" };
  }
  return { timeZone: DEFAULT_TIME_ZONE, source: "default" };
}
