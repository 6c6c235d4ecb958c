import { REQUIRED_ROLES_FOR_PAGES } from "~/auth/demo-access";
import { getDb } from "~/db/db.server";
import type { ConfigValueType } from "~/db/types";

/** The few rows the page tests need, written directly. */
const AT = "2024-01-01T00:00:00.000Z";

export async function insertConfiguration(configKey: string, configValueType: ConfigValueType, configValue: string): Promise<void> {
  await getDb()
    .insertInto("configurations")
    .values({ configKey, configValueType, configValue, isActive: 1, createdDateTime: AT, updatedDateTime: AT })
    .execute();
}

/** The demo's page permissions, so requirePage behaves as in the product. */
export function insertPagePermissions(): Promise<void> {
  return insertConfiguration("REQUIRED_ROLES_FOR_PAGES", "JSON", JSON.stringify(REQUIRED_ROLES_FOR_PAGES));
}

export async function insertProvider(providerId: number, providerName: string): Promise<void> {
  await getDb()
    .insertInto("providers")
    .values({ providerId, providerName, providerType: "SCAN", providerCd: `P${providerId}`, version: "2.0", createdDateTime: AT, updatedDateTime: AT })
    .execute();
}

export async function insertShop(shopId: number, name: string): Promise<void> {
  await getDb()
    .insertInto("shops")
    .values({
      repairFacilityId: shopId,
      masterLocationId: `ML-${shopId}`,
      custName: name,
      docTimestamp: AT,
      createdDatetime: AT,
      updatedDatetime: AT,
    })
    .execute();
}

export async function registerShop(providerId: number, shopId: number, shopName: string, isActive: 0 | 1 = 1): Promise<void> {
  await getDb().insertInto("shopRegistrations").values({ providerId, shopId, shopName, isActive, createdDateTime: AT, lastModifiedDateTime: AT }).execute();
}
