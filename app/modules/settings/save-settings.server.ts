import type { UserClaims } from "~/auth/user-claims";
import { auditedTransaction, recordAudit } from "~/db/audit-log.server";
import { PREFERENCE_KEYS } from "~/platform/preferences/preference-keys";
import { deletePreference, readStoredPreference, writePreference } from "~/platform/preferences/preference-store.server";
import { done, refused, type ActionOutcome, type PopUpMessage } from "~/write-path/action-outcome";
import { findAvailableLocation } from "./available-locations.server";
import { SETTINGS_INTENTS } from "./intents";
import { FIELD_REQUIRED, type SettingsForm } from "./schema";

export const TIME_ZONE_SAVED = "Your time zone has been saved.";
export const LOCATION_SAVED = "Your preferred location has been saved.";
export { UNKNOWN_SETTINGS_FORM } from "./schema";
/** The spec gives no words for a setting that could not be saved; these are its save error's (platform §8). */
export const SETTINGS_NOT_SAVED: PopUpMessage = { title: "Fail", message: "Something went wrong while saving the change. Please try it again" };

const saved = (message: string) => done({ title: "Success", message });

/** A user's own setting changed: the audit row names the user and the setting, before and after. */
function preferenceAudit(user: UserClaims, prefKey: string, before: unknown, after: unknown, at: Date) {
  return { actor: user.login, action: "savePreference", entity: "userPreference", entityId: `${user.id}/${prefKey}`, before, after, at };
}

type FormOf<Intent> = Extract<SettingsForm, { intent: Intent }>;

async function saveTimeZone(user: UserClaims, { timeZone }: FormOf<"timeZone">, now: Date): Promise<ActionOutcome> {
  await auditedTransaction(async (trx) => {
    const before = await readStoredPreference(trx, user.id, PREFERENCE_KEYS.timeZone);
    // 'Browser default' is the absence of a preference.
    if (timeZone) await writePreference(trx, user.id, PREFERENCE_KEYS.timeZone, timeZone, now);
    else await deletePreference(trx, user.id, PREFERENCE_KEYS.timeZone);
    await recordAudit(trx, preferenceAudit(user, PREFERENCE_KEYS.timeZone, before, timeZone || null, now));
  });
  return saved(TIME_ZONE_SAVED);
}

async function savePreferredLocation(user: UserClaims, { shopId }: FormOf<"preferredLocation">, now: Date): Promise<ActionOutcome> {
  // A shop the user may not choose (a tampered or stale form) is no choice at all.
  const location = await findAvailableLocation(user, shopId);
  if (!location) return refused({ intent: SETTINGS_INTENTS.preferredLocation, fieldErrors: { shopId: [FIELD_REQUIRED] } });
  await auditedTransaction(async (trx) => {
    const before = await readStoredPreference(trx, user.id, PREFERENCE_KEYS.preferredLocation);
    await writePreference(trx, user.id, PREFERENCE_KEYS.preferredLocation, location, now);
    await recordAudit(trx, preferenceAudit(user, PREFERENCE_KEYS.preferredLocation, before, location, now));
  });
  return saved(LOCATION_SAVED);
}

/** The settings page's two forms, read by settingsFormSchema (which refuses an intent naming neither): each writes its own setting. */
export function saveSettings(user: UserClaims, form: SettingsForm, now: Date = new Date()): Promise<ActionOutcome> {
  return form.intent === SETTINGS_INTENTS.timeZone ? saveTimeZone(user, form, now) : savePreferredLocation(user, form, now);
}
