import type { Kysely } from "kysely";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/types";
import { SHOP_REGISTRATION_ROUTING } from "~/integrations/providers/endpoints";

/** A provider's own shop registration endpoint: its routing named SHOP_REGISTRATION (any case), the first when several. */
export interface ShopRegistrationRouting {
  url: string;
  /** The routing's timeout in seconds, when it has one. */
  timeoutSeconds: number | null;
}

/** Read in the caller's transaction when it has one (`db`): SQLite has one connection. */
export async function findShopRegistrationRouting(providerId: number, db: Kysely<Database> = getDb()): Promise<ShopRegistrationRouting | null> {
  const row = await db
    .selectFrom("providerRoutings")
    .select(["routingUrl", "routingTimeout"])
    .where("providerId", "=", providerId)
    .where((eb) => eb(eb.fn("upper", ["routingName"]), "=", SHOP_REGISTRATION_ROUTING))
    .orderBy("routingId")
    .executeTakeFirst();
  return row ? { url: row.routingUrl, timeoutSeconds: row.routingTimeout } : null;
}
