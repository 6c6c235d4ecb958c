import type { ProviderScope } from "~/auth/provider-scope.server";
import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";

/**
 * The shops multi-select: shops registered with the user's provider for provider-only users, all
 * registered shops otherwise (active registrations), by name. The list is capped: a checklist of
 * more shops would not be usable, and the page would grow with the directory.
 */
export const SHOP_OPTION_LIMIT = 1000;

const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export async function registeredShopOptions(scope: ProviderScope): Promise<FilterOption[]> {
  let query = getDb()
    .selectFrom("shopRegistrations")
    .select((eb) => ["shopId", eb.fn.min("shopName").as("shopName")])
    .where("isActive", "=", 1)
    // A registration whose shop is not known yet is no shop to choose.
    .where("shopId", "is not", null)
    .$narrowType<{ shopId: number }>()
    .groupBy("shopId");
  if (scope.restricted) query = query.where("providerId", "=", scope.providerId);
  const rows = await query.orderBy("shopName").orderBy("shopId").limit(SHOP_OPTION_LIMIT).execute();
  // The databases' collations differ; the list is put in one order here.
  const named = rows.map((row) => ({ shopId: row.shopId, name: row.shopName ?? "Shop" }));
  named.sort((a, b) => byName.compare(a.name, b.name) || a.shopId - b.shopId);
  return named.map((shop) => ({ value: String(shop.shopId), label: `${shop.name} (${shop.shopId})` }));
}
