import type { Kysely, Selectable } from "kysely";
import { getDb } from "~/db/db.server";
import type { Database, ShopsTable } from "~/db/types";

/**
 * The shop record of a registration's license number (dashboards spec §2.4 "a shop search by
 * license number"): the registered shop's own when it has that license, else the first by repair
 * facility id. Null without a license or a record. A write reads it in its own transaction (`db`):
 * SQLite has one connection.
 */
export type ShopRecord = Selectable<ShopsTable>;

const CANDIDATES = 20;

export async function findShopRecord(licenseKey: string | null, shopId: number | null, db: Kysely<Database> = getDb()): Promise<ShopRecord | null> {
  if (!licenseKey) return null;
  const rows = await db.selectFrom("shops").selectAll().where("licenseNum", "=", licenseKey).orderBy("repairFacilityId").limit(CANDIDATES).execute();
  return rows.find((candidate) => candidate.repairFacilityId === shopId) ?? rows[0] ?? null;
}

/** A shop record's street address as one line: both address lines. */
export function streetAddressOf(shop: Pick<ShopRecord, "addrLine1" | "addrLine2">): string {
  return [shop.addrLine1, shop.addrLine2].filter(Boolean).join(", ");
}
