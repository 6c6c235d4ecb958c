import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference } from "~/platform/preferences/preference-store.server";
import { timeZoneValueSchema } from "~/platform/preferences/preference-values";
import { DEFAULT_TIME_ZONE, isValidTimeZone, TIME_ZONE_COOKIE, type TimeZoneSource } from "./time-zone";

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

/** The user's time zone: their preference, else the browser's, else America/Chicago. */
export async function userTimeZone(request: Request, userId: string): Promise<UserTimeZone> {
  const preferred = await readPreference(userId, PREFERENCE_KEYS.timeZone, timeZoneValueSchema);
  if (preferred && isValidTimeZone(preferred)) return { timeZone: preferred, source: "preference" };
  const browser = browserTimeZone(request);
  if (browser) return { timeZone: browser, source: "browser" };
  return { timeZone: DEFAULT_TIME_ZONE, source: "default" };
}
