import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/types";

/** One user's stored preference, or null when it is missing or no longer has the expected shape. */
export async function readPreference<T>(userId: string, prefKey: string, schema: z.ZodType<T>): Promise<T | null> {
  const row = await getDb()
    .selectFrom("userPreferences")
    .select("prefValue")
    .where("userId", "=", userId)
    .where("prefKey", "=", prefKey)
    .executeTakeFirst();
  if (!row) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.prefValue);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** A preference's stored value as JSON says it (for an audit row's "before"), or null when there is none. */
export async function readStoredPreference(trx: Transaction<Database>, userId: string, prefKey: string): Promise<unknown> {
  const row = await trx
    .selectFrom("userPreferences")
    .select("prefValue")
    .where("userId", "=", userId)
    .where("prefKey", "=", prefKey)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.prefValue) as unknown;
  } catch {
    return row.prefValue;
  }
}

/** Inserts or replaces a preference inside the caller's transaction. */
export async function writePreference(
  trx: Transaction<Database> | Kysely<Database>,
  userId: string,
  prefKey: string,
  value: unknown,
  now: Date,
): Promise<void> {
  const prefValue = JSON.stringify(value);
  const updatedAt = now.toISOString();
  await trx
    .insertInto("userPreferences")
    .values({ userId, prefKey, prefValue, updatedAt })
    .onConflict((conflict) => conflict.columns(["userId", "prefKey"]).doUpdateSet({ prefValue, updatedAt }))
    .execute();
}

export async function deletePreference(trx: Transaction<Database>, userId: string, prefKey: string): Promise<void> {
  await trx.deleteFrom("userPreferences").where("userId", "=", userId).where("prefKey", "=", prefKey).execute();
}

/** Stores a preference only when the user has none under that key (a first value; concurrent callers store one). */
export async function writePreferenceOnce(userId: string, prefKey: string, value: unknown, now: Date): Promise<void> {
  await getDb()
    .insertInto("userPreferences")
    .values({ userId, prefKey, prefValue: JSON.stringify(value), updatedAt: now.toISOString() })
    .onConflict((conflict) => conflict.columns(["userId", "prefKey"]).doNothing())
    .execute();
}
