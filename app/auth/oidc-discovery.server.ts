import { z } from "zod";
import { backchannelUrl, getAuthSettings, identityCallTimeoutMs, publicUrl } from "./auth-settings.server";

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  end_session_endpoint: z.string().url().optional(),
  revocation_endpoint: z.string().url().optional(),
});
export type IssuerMetadata = z.infer<typeof metadataSchema>;

export class IdentityProviderUnavailableError extends Error {}

let fetchedMetadata: Promise<IssuerMetadata> | undefined;

async function fetchMetadata(): Promise<IssuerMetadata> {
  const settings = getAuthSettings();
  const url = backchannelUrl(`${settings.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, settings);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(identityCallTimeoutMs(settings)), headers: { accept: "application/json" } });
  } catch (error) {
    throw new IdentityProviderUnavailableError(`The identity provider cannot be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new IdentityProviderUnavailableError(`The identity provider answered ${response.status} to discovery.`);
  const parsed = metadataSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new IdentityProviderUnavailableError("The identity provider's discovery document is not usable.");
  if (parsed.data.issuer !== settings.issuer) {
    throw new IdentityProviderUnavailableError("The identity provider's discovery document names another issuer.");
  }
  // The built-in provider names its endpoints after the host it was asked on (the back channel).
  const { authorization_endpoint, token_endpoint, jwks_uri, end_session_endpoint, revocation_endpoint } = parsed.data;
  return {
    issuer: parsed.data.issuer,
    authorization_endpoint: publicUrl(authorization_endpoint, settings),
    token_endpoint: publicUrl(token_endpoint, settings),
    jwks_uri: publicUrl(jwks_uri, settings),
    ...(end_session_endpoint ? { end_session_endpoint: publicUrl(end_session_endpoint, settings) } : {}),
    ...(revocation_endpoint ? { revocation_endpoint: publicUrl(revocation_endpoint, settings) } : {}),
  };
}

/** The issuer's metadata, fetched once per process; a failed fetch is retried on the next call. */
export function issuerMetadata(): Promise<IssuerMetadata> {
  fetchedMetadata ??= fetchMetadata().catch((error: unknown) => {
    fetchedMetadata = undefined;
    throw error;
  });
  return fetchedMetadata;
}

export function forgetIssuerMetadata(): void {
  fetchedMetadata = undefined;
}
