import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { getDb } from "~/db/db.server";
import type { Database, Row } from "~/db/types";
import { parseRoleList } from "~/lib/role-list";
import { GRID_FILTERS_PREFIX, CLEARED_AT_LOGOUT } from "~/platform/preferences/preference-keys";
import type { SignIn, TokenSet } from "./oidc-client.server";
import { SESSION_TIMING } from "./timing";
import { userClaimsOf, type UserClaims } from "./user-claims";

/** The directory status of a user who may use the portal. */
const DIRECTORY_ACTIVE = "ACTIVE";

/** A session row as the auth layer uses it. Tokens never leave the server. */
export interface StoredSession {
  id: string;
  userId: string;
  createdAt: string;
  lastActivityAt: string;
  tokens: TokenSet | null;
  claims: UserClaims;
  refreshingUntil: string | null;
}

/** A session row with its user's directory entry as it is now (roles and status). */
type SessionWithDirectory = Row<"sessions"> & { directoryRoles: string; directoryStatus: string };

/**
 * The session's claims carry the roles of the user's directory entry as it is now, not as it was at
 * sign-in: a role changed on the User Roles screen takes effect on the user's next request
 * (decision 0033).
 */
function toStoredSession(row: SessionWithDirectory): StoredSession {
  const tokens =
    row.accessToken && row.accessTokenExpiresAt && row.idToken
      ? { accessToken: row.accessToken, accessTokenExpiresAt: row.accessTokenExpiresAt, refreshToken: row.refreshToken, idToken: row.idToken }
      : null;
  return {
    id: row.id,
    userId: row.userId,
    createdAt: row.createdAt,
    lastActivityAt: row.lastActivityAt,
    tokens,
    claims: { ...userClaimsOf(row.claims), roles: parseRoleList(row.directoryRoles) },
    refreshingUntil: row.refreshingUntil,
  };
}

/**
 * Keeps the user directory in step with the identity provider's claims and returns the
 * directory id of the user: the row with the token's subject, else the row with the same login
 * (an issuer's subject ids need not be the directory's), else a new row under the subject.
 * Names, email and company follow the issuer; roles are the directory's (decision 0033): the
 * issuer's role claim only gives a new row its first roles, so the User Roles screen decides.
 */
async function directoryUserId(db: Kysely<Database>, claims: UserClaims, now: string): Promise<string> {
  const attributes = {
    firstName: claims.firstName,
    lastName: claims.lastName,
    email: claims.email,
    companyId: claims.companyId,
  };
  await db
    .insertInto("users")
    .values({ id: claims.id, login: claims.login, ...attributes, dloedrprole: JSON.stringify(claims.roles), created: now, lastUpdated: now })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const row =
    (await db.selectFrom("users").select("id").where("id", "=", claims.id).executeTakeFirst()) ??
    (await db.selectFrom("users").select("id").where("login", "=", claims.login).executeTakeFirstOrThrow());
  await db.updateTable("users").set(attributes).where("id", "=", row.id).execute();
  return row.id;
}

/** A new session (a new id at every sign-in) for the user of a completed sign-in. */
export async function createSession(signIn: SignIn, now: Date = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const userId = await directoryUserId(trx, signIn.claims, at);
      await trx
        .insertInto("sessions")
        .values({
          id,
          userId,
          createdAt: at,
          lastActivityAt: at,
          accessToken: signIn.tokens.accessToken,
          accessTokenExpiresAt: signIn.tokens.accessTokenExpiresAt,
          refreshToken: signIn.tokens.refreshToken,
          idToken: signIn.tokens.idToken,
          claims: JSON.stringify({ ...signIn.claims, id: userId }),
        })
        .execute();
    });
  return id;
}

/** The session, with its user's current roles; null when there is none or the user is no longer ACTIVE in the directory. */
export async function findSession(id: string): Promise<StoredSession | null> {
  const row = await getDb()
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .selectAll("sessions")
    .select(["users.dloedrprole as directoryRoles", "users.status as directoryStatus"])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  return row && row.directoryStatus === DIRECTORY_ACTIVE ? toStoredSession(row) : null;
}

/** Sessions with activity within the inactivity limit: the users signed in now (the metrics' gauge). */
export async function countActiveSessions(now: Date): Promise<number> {
  const since = new Date(now.getTime() - SESSION_TIMING.maxInactivity * 1000).toISOString();
  const row = await getDb()
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("active"))
    .where("lastActivityAt", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.active);
}

export async function touchSession(id: string, now: Date): Promise<void> {
  await getDb().updateTable("sessions").set({ lastActivityAt: now.toISOString() }).where("id", "=", id).execute();
}

/** Takes the right to refresh this session's tokens for a while; false when another request holds it. */
export async function leaseRefresh(id: string, now: Date, seconds: number): Promise<boolean> {
  const result = await getDb()
    .updateTable("sessions")
    .set({ refreshingUntil: new Date(now.getTime() + seconds * 1000).toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("refreshingUntil", "is", null), eb("refreshingUntil", "<", now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** New tokens and claims after a renewal; the claims keep the directory id the session was made with. */
export async function saveRefreshedSession(session: StoredSession, signIn: SignIn): Promise<UserClaims> {
  const claims = { ...signIn.claims, id: session.userId };
  await getDb()
    .updateTable("sessions")
    .set({
      accessToken: signIn.tokens.accessToken,
      accessTokenExpiresAt: signIn.tokens.accessTokenExpiresAt,
      refreshToken: signIn.tokens.refreshToken,
      idToken: signIn.tokens.idToken,
      claims: JSON.stringify(claims),
      refreshingUntil: null,
    })
    .where("id", "=", session.id)
    .execute();
  return claims;
}

export async function deleteSession(id: string): Promise<void> {
  await getDb().deleteFrom("sessions").where("id", "=", id).execute();
}

/** Logout: the session row and the preferences the spec clears, in one transaction. */
export async function endSessionAndClearPreferences(session: StoredSession): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("sessions").where("id", "=", session.id).execute();
      await trx
        .deleteFrom("userPreferences")
        .where("userId", "=", session.userId)
        .where((eb) => eb.or([eb("prefKey", "in", CLEARED_AT_LOGOUT), eb("prefKey", "like", `${GRID_FILTERS_PREFIX}%`)]))
        .execute();
    });
}
