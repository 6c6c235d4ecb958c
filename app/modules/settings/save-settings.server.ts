import { parseForm } from "~/write-path/parse-form.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import { done, refused, type ActionOutcome, type PopUpMessage } from "~/write-path/action-outcome";
import { refusedSubmission } from "~/write-path/refused-submission";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { deletePreference, readStoredPreference, writePreference } from "~/platform/preferences/preference-store.server";
import { findAvailableLocation } from "./available-locations.server";
import { SETTINGS_INTENTS } from "./intents";
import { FIELD_REQUIRED, preferredLocationFormSchema, timeZoneFormSchema } from "./schema";

export const TIME_ZONE_SAVED = "Your time zone has been saved.";
export const LOCATION_SAVED = "Your preferred location has been saved.";
export const UNKNOWN_SETTINGS_FORM = "This form cannot be saved. Please reload the page and try again.";
/** The spec gives no words for a setting that could not be saved; these are its save error's (platform §8). */
export const SETTINGS_NOT_SAVED: PopUpMessage = { title: "Fail", message: "Something went wrong while saving the change. Please try it again" };

const saved = (message: string) => done({ title: "Success", message });

/** A user's own setting changed: the audit row names the user and the setting, before and after. */
function preferenceAudit(user: UserClaims, prefKey: string, before: unknown, after: unknown, at: Date) {
  return { actor: user.login, action: "savePreference", entity: "userPreference", entityId: `${user.id}/${prefKey}`, before, after, at };
}

async function saveTimeZone(user: UserClaims, formData: FormData, now: Date): Promise<ActionOutcome> {
  const submission = parseForm(formData, timeZoneFormSchema);
  if (submission.status !== "success") return refusedSubmission(submission, { intent: SETTINGS_INTENTS.timeZone });
  const { timeZone } = submission.value;
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await readStoredPreference(trx, user.id, PREFERENCE_KEYS.timeZone);
      // 'Browser default' is the absence of a preference.
      if (timeZone) await writePreference(trx, user.id, PREFERENCE_KEYS.timeZone, timeZone, now);
      else await deletePreference(trx, user.id, PREFERENCE_KEYS.timeZone);
      await recordAudit(trx, preferenceAudit(user, PREFERENCE_KEYS.timeZone, before, timeZone || null, now));
    });
  return saved(TIME_ZONE_SAVED);
}

async function savePreferredLocation(user: UserClaims, formData: FormData, now: Date): Promise<ActionOutcome> {
  const intent = SETTINGS_INTENTS.preferredLocation;
  const submission = parseForm(formData, preferredLocationFormSchema);
  if (submission.status !== "success") return refusedSubmission(submission, { intent });
  // A shop the user may not choose (a tampered or stale form) is no choice at all.
  const location = await findAvailableLocation(user, submission.value.shopId);
  if (!location) return refusedSubmission(submission, { intent, fieldErrors: { shopId: [FIELD_REQUIRED] } });
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await readStoredPreference(trx, user.id, PREFERENCE_KEYS.preferredLocation);
      await writePreference(trx, user.id, PREFERENCE_KEYS.preferredLocation, location, now);
      await recordAudit(trx, preferenceAudit(user, PREFERENCE_KEYS.preferredLocation, before, location, now));
    });
  return saved(LOCATION_SAVED);
}

/** The settings page's two forms, told apart by their intent field; nothing is written on bad input. */
export function saveSettings(user: UserClaims, formData: FormData, now: Date = new Date()): Promise<ActionOutcome> {
  switch (formData.get("intent")) {
    case SETTINGS_INTENTS.timeZone:
      return saveTimeZone(user, formData, now);
    case SETTINGS_INTENTS.preferredLocation:
      return savePreferredLocation(user, formData, now);
    default:
      return Promise.resolve(refused({ intent: null, formErrors: [UNKNOWN_SETTINGS_FORM] }));
  }
}
