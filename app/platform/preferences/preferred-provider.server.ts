import { z } from "zod";
import { getDb } from "~/db/db.server";
import { PREFERENCE_KEYS } from "./preference-keys";
import { readPreference, writePreference } from "./preference-store.server";

/** Stored as a number; older rows and the seed may hold the id as a string of digits. */
const preferredProviderSchema = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/)]).transform(Number);

/** The user's preferred provider (spec: the chosen provider is remembered and reused across screens), or null. */
export function readPreferredProvider(userId: string): Promise<number | null> {
  return readPreference(userId, PREFERENCE_KEYS.preferredProvider, preferredProviderSchema);
}

/**
 * Remembers the provider a user chose (null: all providers, which forgets the preference). Written
 * only when it differs from what is stored, so showing a dashboard does not write on every visit.
 */
export async function rememberPreferredProvider(userId: string, chosen: number | null, stored: number | null, now = new Date()): Promise<void> {
  if (chosen === stored) return;
  const db = getDb();
  if (chosen === null) {
    await db.deleteFrom("userPreferences").where("userId", "=", userId).where("prefKey", "=", PREFERENCE_KEYS.preferredProvider).execute();
    return;
  }
  await writePreference(db, userId, PREFERENCE_KEYS.preferredProvider, chosen, now);
}
