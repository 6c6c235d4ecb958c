import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";
import { notTestShop } from "./test-shops.server";

/** The spec's words when the provider's shops cannot be read for the shop picker. */
export const PROVIDER_SHOPS_LOAD_FAILURE = "Error loading Provider shops data!";

/**
 * The shop picker's list: the provider's shops with an active registration, test shops left out
 * (they are in no figure), by name, each as 'Name (id)'.
 */
export async function providerShopOptions(providerId: number): Promise<FilterOption[]> {
  const rows = await getDb()
    .selectFrom("shopRegistrations as g")
    .leftJoin("shops as s", "s.repairFacilityId", "g.shopId")
    .select(["g.shopId as shopId", sql<string>`max(coalesce(s.cust_name, g.shop_name, ''))`.as("name")])
    .where("g.providerId", "=", providerId)
    .where("g.isActive", "=", 1)
    .where("g.shopId", "is not", null)
    .where(notTestShop("g.shopId"))
    .groupBy("g.shopId")
    .execute();
  return rows
    .map((row) => ({ value: String(row.shopId), label: `${row.name || "Shop"} (${row.shopId})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}
