import { getDb } from "~/db/db.server";
import { isProviderOnly } from "./authorization";
import type { UserClaims } from "./user-claims";

/**
 * Whose data a user may see. Provider-only users are restricted to the provider whose id is their
 * company id; one whose company matches no provider is restricted to nothing (providerId 0 can
 * never match: provider ids are positive). Every module applies this in its queries.
 */
export type ProviderScope = { restricted: false } | { restricted: true; providerId: number; providerName: string | null };

export const NO_PROVIDER = 0;

export async function providerScopeOf(user: Pick<UserClaims, "roles" | "companyId">): Promise<ProviderScope> {
  if (!isProviderOnly(user.roles)) return { restricted: false };
  if (user.companyId === null || user.companyId <= 0) return { restricted: true, providerId: NO_PROVIDER, providerName: null };
  const provider = await getDb().selectFrom("providers").select(["providerId", "providerName"]).where("providerId", "=", user.companyId).executeTakeFirst();
  return provider
    ? { restricted: true, providerId: provider.providerId, providerName: provider.providerName }
    : { restricted: true, providerId: NO_PROVIDER, providerName: null };
}
