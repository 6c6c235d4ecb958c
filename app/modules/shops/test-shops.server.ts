import { getDb } from "~/db/db.server";

/** Which of these shops are test shops (the operator's internal shops, is_internal = 'Y'). */
export async function internalShopIds(shopIds: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(shopIds)];
  if (unique.length === 0) return new Set();
  const rows = await getDb().selectFrom("shops").select("repairFacilityId").where("isInternal", "=", "Y").where("repairFacilityId", "in", unique).execute();
  return new Set(rows.map((row) => row.repairFacilityId));
}
