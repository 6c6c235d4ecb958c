import type { UserClaims } from "~/auth/user-claims";

/** What the page shows of the signed-in user: names only, never tokens or ids from the session. */
export interface DisplayUser {
  login: string;
  firstName: string;
  fullName: string;
  initials: string;
}

export function displayUserOf(user: Pick<UserClaims, "login" | "firstName" | "lastName">): DisplayUser {
  const first = user.firstName?.trim() ?? "";
  const last = user.lastName?.trim() ?? "";
  const fullName = `${first} ${last}`.trim() || user.login;
  const initials = first || last ? `${first.charAt(0)}${last.charAt(0)}` : user.login.slice(0, 2);
  return { login: user.login, firstName: first || fullName, fullName, initials: initials.toUpperCase() };
}
