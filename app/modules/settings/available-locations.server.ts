import { providerScopeOf } from "~/auth/provider-scope.server";
import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import type { PreferredLocation } from "~/platform/preferences/preference-values";

/** The dropdown lists at most this many shops; a longer list would be unusable as a select. */
export const LOCATION_CHOICE_LIMIT = 500;

async function locationsQuery(user: Pick<UserClaims, "roles" | "companyId">) {
  const scope = await providerScopeOf(user);
  let query = getDb()
    .selectFrom("shopRegistrations")
    .select(["shopId", "shopName"])
    .distinct()
    .where("isActive", "=", 1)
    // A registration whose shop is not known yet names no location.
    .where("shopId", "is not", null)
    .$narrowType<{ shopId: number }>();
  // Provider-only users choose among their provider's shops; everyone else among all registered shops.
  if (scope.restricted) query = query.where("providerId", "=", scope.providerId);
  return query;
}

function toLocation(row: { shopId: number; shopName: string | null }): PreferredLocation {
  return { shopId: row.shopId, shopName: row.shopName ?? `Shop ${row.shopId}` };
}

/** 'Available Location(s)': the shops this user may choose, by name. */
export async function availableLocations(user: Pick<UserClaims, "roles" | "companyId">): Promise<PreferredLocation[]> {
  const rows = await (await locationsQuery(user)).orderBy("shopName").orderBy("shopId").limit(LOCATION_CHOICE_LIMIT).execute();
  return rows.map(toLocation);
}

/** The shop with this id when the user may choose it, else null (its name comes from the database, not the form). */
export async function findAvailableLocation(user: Pick<UserClaims, "roles" | "companyId">, shopId: number): Promise<PreferredLocation | null> {
  const row = await (await locationsQuery(user)).where("shopId", "=", shopId).executeTakeFirst();
  return row ? toLocation(row) : null;
}
