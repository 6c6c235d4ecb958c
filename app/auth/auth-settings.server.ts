/** What the sign-in client needs to know, set once at start (and by tests). */
export interface AuthSettings {
  /** The portal's external origin, e.g. http://localhost:3000 (redirect URIs are built on it). */
  publicOrigin: string;
  /** The issuer identifier, e.g. http://localhost:3000/oidc or https://login.example.com. */
  issuer: string;
  /**
   * For the built-in provider: the origin the server reaches itself on (its listening address),
   * used instead of publicOrigin for server-to-server calls (discovery, token, JWKS).
   */
  backchannelOrigin?: string;
  /** The portal's own identity provider (no OIDC_ISSUER): /login goes straight to its form. */
  builtInIdentityProvider?: boolean;
  clientId: string;
  clientSecret: string;
  sessionSecret: string;
  secureCookies: boolean;
  /** Per call to the identity provider (OIDC_TIMEOUT_MS); DEFAULT_IDENTITY_CALL_TIMEOUT_MS when unset. */
  callTimeoutMs?: number;
}

export const DEFAULT_IDENTITY_CALL_TIMEOUT_MS = 15_000;

/** How long one call to the identity provider may take. */
export function identityCallTimeoutMs(settings: AuthSettings = getAuthSettings()): number {
  return settings.callTimeoutMs ?? DEFAULT_IDENTITY_CALL_TIMEOUT_MS;
}

/** OAuth scopes requested (platform spec §6). offline_access is not requested on purpose. */
export const PORTAL_SCOPES = ["openid", "app:services", "scan:post", "portal", "users:manage"];

let chosenSettings: AuthSettings | undefined;

export function setAuthSettings(settings: AuthSettings | undefined): void {
  chosenSettings = settings;
}

export function getAuthSettings(): AuthSettings {
  if (!chosenSettings) throw new Error("Sign-in is not configured (the portal sets it at start).");
  return chosenSettings;
}

/** Rewrites a URL on the public origin to the back channel, when there is one. */
export function backchannelUrl(url: string, settings: AuthSettings = getAuthSettings()): string {
  if (!settings.backchannelOrigin) return url;
  const parsed = new URL(url);
  if (parsed.origin !== new URL(settings.publicOrigin).origin) return url;
  const internal = new URL(settings.backchannelOrigin);
  parsed.protocol = internal.protocol;
  parsed.host = internal.host;
  return parsed.toString();
}

/** The reverse of backchannelUrl: what the identity provider described on the back channel, as the browser must see it. */
export function publicUrl(url: string, settings: AuthSettings = getAuthSettings()): string {
  if (!settings.backchannelOrigin) return url;
  const parsed = new URL(url);
  if (parsed.origin !== new URL(settings.backchannelOrigin).origin) return url;
  const external = new URL(settings.publicOrigin);
  parsed.protocol = external.protocol;
  parsed.host = external.host;
  return parsed.toString();
}
