import { randomBytes } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import { z } from "zod";
import type { PortalDatabase } from "~/db/connect.server";

export interface IdentitySecrets {
  /** Private signing keys; the first one signs. */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first one signs, all verify. */
  cookieKeys: string[];
}

const SIGNING_KEYS = "oidc.signing-keys";
const COOKIE_KEYS = "oidc.cookie-keys";
const PORTAL_CLIENT_SECRET = "oidc.portal-client-secret";

const rsaPrivateJwk = z.object({
  kty: z.literal("RSA"),
  kid: z.string().min(1),
  alg: z.literal("RS256"),
  use: z.literal("sig"),
  n: z.string(),
  e: z.string(),
  d: z.string(),
  p: z.string(),
  q: z.string(),
  dp: z.string(),
  dq: z.string(),
  qi: z.string(),
});
const signingKeysSchema = z.object({ keys: z.array(rsaPrivateJwk).min(1) });
const cookieKeysSchema = z.array(z.string().min(32)).min(1);
const clientSecretSchema = z.string().min(32);

/**
 * Loads the provider's keys, generating each one the first time. Generation is insert-if-absent
 * followed by a re-read, so instances starting together all end up with the first stored value.
 */
export async function loadIdentitySecrets(database: PortalDatabase, now: () => Date): Promise<IdentitySecrets> {
  const jwks = await loadOrCreate(database, SIGNING_KEYS, generateSigningKeys, signingKeysSchema, now);
  const cookieKeys = await loadOrCreate(database, COOKIE_KEYS, generateCookieKeys, cookieKeysSchema, now);
  return { jwks, cookieKeys };
}

/**
 * The secret the portal and the built-in provider share for the portal's client registration,
 * when no OIDC_CLIENT_SECRET is configured: both run in one process on one database, so it is
 * generated once (URL-safe) and read by every instance.
 */
export function loadBuiltInClientSecret(database: PortalDatabase, now: () => Date): Promise<string> {
  return loadOrCreate(database, PORTAL_CLIENT_SECRET, async () => randomBytes(32).toString("base64url"), clientSecretSchema, now);
}

async function loadOrCreate<T>({ db }: PortalDatabase, name: string, generate: () => Promise<T>, schema: z.ZodType<T>, now: () => Date): Promise<T> {
  const read = () => db.selectFrom("identitySecrets").select("value").where("name", "=", name).executeTakeFirst();
  let stored = await read();
  if (!stored) {
    const value = JSON.stringify(await generate());
    await db
      .insertInto("identitySecrets")
      .values({ name, value, createdAt: now().toISOString() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    stored = await read();
  }
  if (!stored) throw new Error(`The identity secret ${name} could not be stored.`);
  const parsed = schema.safeParse(JSON.parse(stored.value));
  if (!parsed.success) throw new Error(`The stored identity secret ${name} is malformed: ${parsed.error.message}`);
  return parsed.data;
}

async function generateSigningKeys(): Promise<IdentitySecrets["jwks"]> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] };
}

async function generateCookieKeys(): Promise<string[]> {
  return [randomBytes(32).toString("base64url")];
}
