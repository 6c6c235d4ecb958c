import type { PortalDatabase } from "~/db/connect.server";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type Log = (level: LogLevel, message: string, fields?: LogFields) => void;

/** The portal itself: the one confidential client the built-in provider serves. */
export interface FirstPartyClient {
  clientId: string;
  /** Use a URL-safe value (e.g. base64url): clients differ in how they encode Basic credentials. */
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** How the client authenticates at the token endpoint; remix-auth-oauth2 (arctic) uses basic. */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post";
}

/** Demo logins and the password they were made with (DEMO_PASSWORD's default). */
export interface DemoAccountsHint {
  logins: readonly string[];
  password: string;
}

/** How failed sign-ins slow down further attempts (decision 0016). */
export interface SignInThrottleSettings {
  /** Failures of one login from one client address that cost nothing (typing mistakes). */
  freeFailuresPerPair: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitSeconds: number;
  /** The longest wait. */
  maxWaitSeconds: number;
  /** A pair's failures are forgotten this long after its last one (or at its next success). */
  forgetAfterSeconds: number;
  /** Failures from one address (any login) within addressWindowSeconds that take away its pairs' free failures. */
  perAddress: number;
  addressWindowSeconds: number;
}

export interface IdentityProviderOptions {
  /** The issuer identifier, whose path is where the router is mounted, e.g. http://localhost:3000/oidc */
  issuer: string;
  database: PortalDatabase;
  client: FirstPartyClient;
  /** Mark cookies Secure (HTTPS deployments). */
  secureCookies: boolean;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto/Host (needed with secureCookies). */
  trustProxy?: boolean;
  signInThrottle?: Partial<SignInThrottleSettings>;
  /**
   * The demo accounts and the default demo password, when the portal runs with them (no DEMO_PASSWORD
   * set): the sign-in form names those of them that exist and still take that password.
   */
  demoAccounts?: DemoAccountsHint;
  log?: Log;
  now?: () => Date;
}

export const PRODUCT_NAME = "Diagnostics Operations Portal";

/** The scopes the portal requests (platform spec §6); they carry no meaning inside the provider. */
export const PORTAL_SCOPES = ["openid", "app:services", "scan:post", "portal", "users:manage"] as const;

/** Claims released under the `portal` scope, in the ID token and at userinfo. */
export const PORTAL_CLAIMS = ["login", "firstname", "lastname", "email", "dloedrprole", "companyId"] as const;

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  freeFailuresPerPair: 4,
  firstWaitSeconds: 15,
  maxWaitSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 3600,
  perAddress: 20,
  addressWindowSeconds: 15 * 60,
};

export const TTL_SECONDS = {
  accessToken: 3600,
  idToken: 3600,
  authorizationCode: 60,
  /** Absolute lifetime of a sign-in's refresh token chain: rotation does not extend it. */
  refreshToken: 8 * 3600,
  /** The grant must outlive every refresh token issued from it. */
  grant: 8 * 3600,
  /** How long a login page stays usable. */
  interaction: 3600,
  /** The provider's own session: the spec's 110-minute inactivity limit bounds silent re-sign-in. */
  session: 110 * 60,
} as const;

export const COOKIE_NAMES = {
  session: "oidc_session",
  interaction: "oidc_interaction",
  resume: "oidc_interaction_resume",
} as const;

export function consoleLog(level: LogLevel, message: string, fields?: LogFields): void {
  const line = JSON.stringify({ level, source: "identity", message, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
