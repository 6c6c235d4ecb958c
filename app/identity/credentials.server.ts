import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import type { Database } from "~/db/types";
import { findUserByLogin, maySignIn, type DirectoryUser } from "./accounts.server";

export type CredentialCheck = { ok: true; user: DirectoryUser } | { ok: false; reason: "unknown-user" | "not-allowed" | "wrong-password" };

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anyone knows, verified when there is no real one so every answer costs the same. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString("base64url"));
  return dummyHash;
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export async function checkCredentials(db: Kysely<Database>, login: string, password: string): Promise<CredentialCheck> {
  const user = await findUserByLogin(db, login);
  const matches = await passwordMatches(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user) return { ok: false, reason: "unknown-user" };
  if (!maySignIn(user)) return { ok: false, reason: "not-allowed" };
  if (!matches) return { ok: false, reason: "wrong-password" };
  return { ok: true, user };
}
