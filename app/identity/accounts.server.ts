import type { Kysely } from "kysely";
import type { Account, AccountClaims } from "oidc-provider";
import type { Database, Row } from "~/db/types";
import { parseRoleList } from "~/lib/role-list";

/** A user of the directory as the identity provider sees it. */
export interface DirectoryUser {
  id: string;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  roles: string[];
  companyId: number | null;
  status: string;
  passwordHash: string | null;
}

type UserRow = Pick<Row<"users">, "id" | "login" | "firstName" | "lastName" | "email" | "dloedrprole" | "companyId" | "status" | "passwordHash">;

function toDirectoryUser(row: UserRow): DirectoryUser {
  return {
    id: row.id,
    login: row.login,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roles: parseRoleList(row.dloedrprole),
    companyId: row.companyId,
    status: row.status,
    passwordHash: row.passwordHash,
  };
}

async function findUser(db: Kysely<Database>, column: "id" | "login", value: string): Promise<DirectoryUser | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "login", "firstName", "lastName", "email", "dloedrprole", "companyId", "status", "passwordHash"])
    .where(column, "=", value)
    .executeTakeFirst();
  return row ? toDirectoryUser(row) : undefined;
}

/** Logins are matched exactly, as they are stored. */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<DirectoryUser | undefined> {
  return findUser(db, "login", login);
}

/** Only active users with a password may sign in, and only they keep getting tokens. */
export function maySignIn(user: DirectoryUser): user is DirectoryUser & { passwordHash: string } {
  return user.status === "ACTIVE" && !!user.passwordHash;
}

export function portalClaims(user: DirectoryUser): AccountClaims {
  return {
    sub: user.id,
    login: user.login,
    firstname: user.firstName,
    lastname: user.lastName,
    email: user.email,
    dloedrprole: user.roles,
    companyId: user.companyId,
  };
}

/**
 * oidc-provider's findAccount: consulted at sign-in, at every token refresh and at userinfo, so a
 * user who is deactivated loses access at the next refresh.
 */
export function accountFinder(db: Kysely<Database>) {
  return async function findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
    const user = await findUser(db, "id", sub);
    if (!user || !maySignIn(user)) return undefined;
    return {
      accountId: user.id,
      claims: async () => portalClaims(user),
    };
  };
}
