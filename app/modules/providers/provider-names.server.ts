import { getDb } from "~/db/db.server";

/** Every provider's name by id (a user's parent may be any provider, listed or not). */
export async function providerNamesById(): Promise<Map<number, string>> {
  const rows = await getDb().selectFrom("providers").select(["providerId", "providerName"]).execute();
  return new Map(rows.map((row) => [row.providerId, row.providerName]));
}
