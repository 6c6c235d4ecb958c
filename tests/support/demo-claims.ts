import { DEMO_ACCOUNTS } from "~/auth/demo-access";
import type { UserClaims } from "~/auth/user-claims";

/** A demo account's claims, as the signed-in user of a test. */
export function demoClaims(login: string): UserClaims {
  const demo = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!demo) throw new Error(login);
  return {
    id: demo.id,
    login: demo.login,
    firstName: demo.firstName,
    lastName: demo.lastName,
    email: demo.email,
    roles: [...demo.roles],
    companyId: demo.companyId,
  };
}

/** Demo accounts' claims by login, for signing each in under its own login. */
export function demoUsers(...logins: string[]): Record<string, UserClaims> {
  return Object.fromEntries(logins.map((login) => [login, demoClaims(login)]));
}
