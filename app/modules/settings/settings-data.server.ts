import type { UserClaims } from "~/auth/user-claims";
import type { TimeZoneSource } from "~/lib/time-zone";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { readPreference } from "~/platform/preferences/preference-store.server";
import { preferredLocationValueSchema, type PreferredLocation } from "~/platform/preferences/preference-values";
import { userTimeZone } from "~/platform/time-zone.server";
import { availableLocations } from "./available-locations.server";

export interface SettingsData {
  timeZone: { inUse: string; source: TimeZoneSource; choices: string[] };
  location: { current: PreferredLocation | null; choices: PreferredLocation[] };
}

/** The zones this server knows (the select's options); a stored zone it lists differently is kept. */
function timeZoneChoices(inUse: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(inUse) ? zones : [inUse, ...zones];
}

export async function loadSettings(request: Request, user: UserClaims): Promise<SettingsData> {
  const [zone, current, choices] = await Promise.all([
    userTimeZone(request, user.id),
    readPreference(user.id, PREFERENCE_KEYS.preferredLocation, preferredLocationValueSchema),
    availableLocations(user),
  ]);
  return {
    timeZone: { inUse: zone.timeZone, source: zone.source, choices: timeZoneChoices(zone.timeZone) },
    location: { current, choices },
  };
}
