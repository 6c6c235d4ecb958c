import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/types";

/** The stored JSON texts of some of one user's preferences, by key (one query). */
async function storedTexts(db: Transaction<Database> | Kysely<Database>, userId: string, prefKeys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("userPreferences")
    .select(["prefKey", "prefValue"])
    .where("userId", "=", userId)
    .where("prefKey", "in", [...prefKeys])
    .execute();
  return new Map(rows.map((row) => [row.prefKey, row.prefValue]));
}

function parsedAs<T>(text: string | undefined, schema: z.ZodType<T>): T | null {
  if (text === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** One user's stored preference, or null when it is missing or no longer has the expected shape. */
export async function readPreference<T>(userId: string, prefKey: string, schema: z.ZodType<T>): Promise<T | null> {
  return parsedAs((await storedTexts(getDb(), userId, [prefKey])).get(prefKey), schema);
}

/** Several preferences of one user of the same shape, in one query; null for each missing or malformed one. */
export async function readPreferences<T>(userId: string, prefKeys: readonly string[], schema: z.ZodType<T>): Promise<Record<string, T | null>> {
  const texts = await storedTexts(getDb(), userId, prefKeys);
  return Object.fromEntries(prefKeys.map((key) => [key, parsedAs(texts.get(key), schema)]));
}

/** A preference's stored value as JSON says it (for an audit row's "before"), or null when there is none. */
export async function readStoredPreference(trx: Transaction<Database>, userId: string, prefKey: string): Promise<unknown> {
  const text = (await storedTexts(trx, userId, [prefKey])).get(prefKey);
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
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
