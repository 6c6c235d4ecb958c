import type { UserClaims } from "~/auth/user-claims";

/** A signed-in user's claims for a test: the login (the id is `u-` and it), the roles and the company, no names or email. */
export function testUser(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-${login}`, login, firstName: null, lastName: null, email: null, roles, companyId };
}
