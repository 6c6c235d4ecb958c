import type { UserClaims } from "~/auth/user-claims";
import { getDb } from "~/db/db.server";
import type { AccountProfile } from "./account-profile";

/** The signed-in user's profile as the identity provider described it. */
export async function accountProfileOf(user: UserClaims): Promise<AccountProfile> {
  const provider =
    user.companyId === null
      ? undefined
      : await getDb().selectFrom("providers").select("providerName").where("providerId", "=", user.companyId).executeTakeFirst();
  return {
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    companyId: user.companyId,
    providerName: provider?.providerName ?? null,
    roles: user.roles,
  };
}
