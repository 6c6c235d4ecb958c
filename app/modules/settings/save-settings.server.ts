import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { deletePreference, writePreference } from "~/platform/preferences/preference-store.server";
import { findAvailableLocation } from "./available-locations.server";
import { SETTINGS_INTENTS, type SettingsIntent } from "./intents";
import { FIELD_REQUIRED, preferredLocationFormSchema, timeZoneFormSchema } from "./schema";

export type SettingsOutcome =
  | { saved: true; message: string }
  | { saved: false; intent: SettingsIntent | null; result: SubmissionResult<string[]> };

export const TIME_ZONE_SAVED = "Your time zone has been saved.";
export const LOCATION_SAVED = "Your preferred location has been saved.";
export const UNKNOWN_SETTINGS_FORM = "This form cannot be saved. Please reload the page and try again.";

async function saveTimeZone(user: UserClaims, formData: FormData, now: Date): Promise<SettingsOutcome> {
  const submission = parseWithZod(formData, { schema: timeZoneFormSchema });
  if (submission.status !== "success") return { saved: false, intent: SETTINGS_INTENTS.timeZone, result: submission.reply() };
  const { timeZone } = submission.value;
  await getDb()
    .transaction()
    .execute(async (trx) => {
      // 'Browser default' is the absence of a preference.
      if (timeZone) await writePreference(trx, user.id, PREFERENCE_KEYS.timeZone, timeZone, now);
      else await deletePreference(trx, user.id, PREFERENCE_KEYS.timeZone);
    });
  return { saved: true, message: TIME_ZONE_SAVED };
}

async function savePreferredLocation(user: UserClaims, formData: FormData, now: Date): Promise<SettingsOutcome> {
  const submission = parseWithZod(formData, { schema: preferredLocationFormSchema });
  if (submission.status !== "success") {
    return { saved: false, intent: SETTINGS_INTENTS.preferredLocation, result: submission.reply() };
  }
  // A shop the user may not choose (a tampered or stale form) is no choice at all.
  const location = await findAvailableLocation(user, submission.value.shopId);
  if (!location) {
    return {
      saved: false,
      intent: SETTINGS_INTENTS.preferredLocation,
      result: submission.reply({ fieldErrors: { shopId: [FIELD_REQUIRED] } }),
    };
  }
  await getDb()
    .transaction()
    .execute((trx) => writePreference(trx, user.id, PREFERENCE_KEYS.preferredLocation, location, now));
  return { saved: true, message: LOCATION_SAVED };
}

/** The settings page's two forms, told apart by their intent field; nothing is written on bad input. */
export function saveSettings(user: UserClaims, formData: FormData, now: Date = new Date()): Promise<SettingsOutcome> {
  switch (formData.get("intent")) {
    case SETTINGS_INTENTS.timeZone:
      return saveTimeZone(user, formData, now);
    case SETTINGS_INTENTS.preferredLocation:
      return savePreferredLocation(user, formData, now);
    default:
      return Promise.resolve({ saved: false, intent: null, result: { status: "error", error: { "": [UNKNOWN_SETTINGS_FORM] } } });
  }
}
