import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import type { PortalDatabase } from "~/db/connect.server";
import { createIdentityProvider, loadBuiltInClientSecret } from "~/identity/index.server";
import type { Logger } from "~/lib/logger.server";
import type { TrustProxy } from "~/lib/trust-proxy";
import { setAuthSettings, type AuthSettings } from "./auth-settings.server";
import { DEMO_ACCOUNTS } from "./demo-access";

export const BUILT_IN_CLIENT_ID = "portal";

function hostForUrl(address: string): string {
  return address.includes(":") ? `[${address}]` : address;
}

/** Where the server reaches itself: its own listening address (every interface → loopback). */
export function backchannelOriginOf(address: AddressInfo): string {
  const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "[::1]" : hostForUrl(address.address);
  return `http://${host}:${address.port}`;
}

/** An external issuer's client (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the sign-in reads of the portal's configuration (config.server.ts, which passes itself). */
export interface SignInConfig {
  /** The external origin (PUBLIC_URL), without a trailing slash. */
  publicUrl?: string;
  trustProxy?: TrustProxy;
  /** Absent: the built-in identity provider. */
  oidc?: OidcClientConfig;
  sessionSecret: string;
  oidcTimeoutMs: number;
  demoPassword: string;
  demoPasswordIsDefault: boolean;
}

/** The external origin: PUBLIC_URL, else http://localhost:PORT. */
export function publicOriginOf(config: Pick<SignInConfig, "publicUrl">, address: AddressInfo): string {
  return config.publicUrl ?? `http://localhost:${address.port}`;
}

/**
 * Configures the sign-in client and, on the embedded default, builds the built-in identity
 * provider (to mount at /oidc). An external issuer (OIDC_ISSUER) switches the built-in one off.
 */
export async function setUpSignIn(
  config: SignInConfig,
  database: PortalDatabase,
  address: AddressInfo,
  logger: Logger,
): Promise<{ settings: AuthSettings; identityProvider?: RequestHandler }> {
  const publicOrigin = publicOriginOf(config, address);
  const secureCookies = publicOrigin.startsWith("https:");
  if (config.oidc) {
    const settings: AuthSettings = {
      publicOrigin,
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      sessionSecret: config.sessionSecret,
      secureCookies,
      callTimeoutMs: config.oidcTimeoutMs,
    };
    setAuthSettings(settings);
    return { settings };
  }
  const issuer = `${publicOrigin}/oidc`;
  const clientSecret = await loadBuiltInClientSecret(database, () => new Date());
  const identityProvider = await createIdentityProvider({
    issuer,
    database,
    client: {
      clientId: BUILT_IN_CLIENT_ID,
      clientSecret,
      redirectUris: [`${publicOrigin}/callback`],
      postLogoutRedirectUris: [`${publicOrigin}/login`],
    },
    secureCookies,
    trustProxy: config.trustProxy !== undefined && config.trustProxy !== false,
    demoAccounts: config.demoPasswordIsDefault ? { logins: DEMO_ACCOUNTS.map((account) => account.login), password: config.demoPassword } : undefined,
    log: (level, message, fields) => logger[level](message, fields),
  });
  const settings: AuthSettings = {
    publicOrigin,
    issuer,
    backchannelOrigin: backchannelOriginOf(address),
    builtInIdentityProvider: true,
    clientId: BUILT_IN_CLIENT_ID,
    clientSecret,
    sessionSecret: config.sessionSecret,
    secureCookies,
    callTimeoutMs: config.oidcTimeoutMs,
  };
  setAuthSettings(settings);
  return { settings, identityProvider };
}
