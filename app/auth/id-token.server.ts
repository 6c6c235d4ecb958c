import { createHmac, timingSafeEqual } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { backchannelUrl, getAuthSettings, identityCallTimeoutMs } from "./auth-settings.server";
import type { IssuerMetadata } from "./oidc-discovery.server";
import type { UserClaims } from "./user-claims";

/** The signed-in user as the ID token describes them. */
export const userClaimsSchema = z.object({
  sub: z.string().min(1),
  login: z.string().min(1),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  email: z.string().nullish(),
  dloedrprole: z.array(z.string()).default([]),
  companyId: z.union([z.number(), z.string(), z.null()]).optional(),
});

export type { UserClaims };

export class IdTokenError extends Error {}

/** The nonce is bound to the state (already checked against the state cookie) by an HMAC. */
export function nonceForState(state: string, secret: string): string {
  return createHmac("sha256", secret).update(`oidc-nonce:${state}`).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

let issuerKeys: { uri: string; keys: JWTVerifyGetKey } | undefined;

function remoteKeys(metadata: IssuerMetadata): JWTVerifyGetKey {
  const uri = backchannelUrl(metadata.jwks_uri);
  if (issuerKeys?.uri !== uri) issuerKeys = { uri, keys: createRemoteJWKSet(new URL(uri), { timeoutDuration: identityCallTimeoutMs() }) };
  return issuerKeys.keys;
}

function toCompanyId(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * Checks signature, issuer, audience, expiry and (at sign-in) the nonce, and reads the claims.
 * On refresh there is no nonce to compare: pass expectedNonce null.
 */
export async function verifyIdToken(idToken: string, metadata: IssuerMetadata, expectedNonce: string | null): Promise<UserClaims> {
  const settings = getAuthSettings();
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, remoteKeys(metadata), {
      issuer: settings.issuer,
      audience: settings.clientId,
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new IdTokenError(`The ID token is not valid: ${(error as Error).message}`);
  }
  if (expectedNonce !== null && (typeof payload.nonce !== "string" || !sameText(payload.nonce, expectedNonce))) {
    throw new IdTokenError("The ID token's nonce does not match this sign-in.");
  }
  const claims = userClaimsSchema.safeParse(payload);
  if (!claims.success) throw new IdTokenError("The ID token lacks the portal's claims (sub, login, dloedrprole).");
  return {
    id: claims.data.sub,
    login: claims.data.login,
    firstName: claims.data.firstname ?? null,
    lastName: claims.data.lastname ?? null,
    email: claims.data.email ?? null,
    roles: claims.data.dloedrprole,
    companyId: toCompanyId(claims.data.companyId),
  };
}
