import type { OAuth2Tokens } from "arctic";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { backchannelUrl, getAuthSettings, identityCallTimeoutMs, PORTAL_SCOPES } from "./auth-settings.server";
import { nonceForState, verifyIdToken, type UserClaims } from "./id-token.server";
import { IdentityProviderUnavailableError, issuerMetadata, type IssuerMetadata } from "./oidc-discovery.server";

/**
 * The state cookies' name: remix-auth-oauth2 sets one cookie per sign-in started, named
 * `__portal_oauth:<random id>`, carrying that sign-in's state and PKCE verifier.
 */
export const OAUTH_STATE_COOKIE = "__portal_oauth";

export interface TokenSet {
  accessToken: string;
  accessTokenExpiresAt: string;
  refreshToken: string | null;
  idToken: string;
}

export interface SignIn {
  claims: UserClaims;
  tokens: TokenSet;
}

export class TokenCallError extends Error {}

/** arctic's error for a token request that could not be sent (no connection): its cause is fetch's error. */
function couldNotSend(error: unknown): boolean {
  return error instanceof Error && error.constructor.name === "ArcticFetchError";
}

/**
 * A call to the identity provider's token endpoint with a deadline. No answer in time, or no
 * connection, means the identity provider is unavailable (the user is told so); any other error
 * is the provider's answer (a refused code or token).
 */
function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new IdentityProviderUnavailableError(`${what} timed out`)), identityCallTimeoutMs());
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (couldNotSend(error)) reject(new IdentityProviderUnavailableError(`${what} could not be sent: ${String((error as Error).cause)}`));
        else reject(error instanceof Error ? error : new TokenCallError(String(error)));
      },
    );
  });
}

function tokenSet(tokens: OAuth2Tokens, previousRefreshToken: string | null): TokenSet {
  return {
    accessToken: tokens.accessToken(),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt().toISOString(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : previousRefreshToken,
    idToken: tokens.idToken(),
  };
}

/**
 * remix-auth-oauth2 with what it leaves out: a nonce (bound to the state), ID token validation,
 * refresh without a scope parameter, and a timeout on the token endpoint.
 */
class PortalOidcStrategy extends OAuth2Strategy<SignIn> {
  override name = "oidc";

  constructor(
    private readonly metadata: IssuerMetadata,
    private readonly sessionSecret: string,
    options: OAuth2Strategy.ConstructorOptions,
  ) {
    super(options, async ({ request, tokens }) => {
      const state = new URL(request.url).searchParams.get("state") ?? "";
      const claims = await verifyIdToken(tokens.idToken(), this.metadata, nonceForState(state, this.sessionSecret));
      return { claims, tokens: tokenSet(tokens, null) };
    });
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    const state = params.get("state");
    if (state) next.set("nonce", nonceForState(state, this.sessionSecret));
    return next;
  }

  protected override validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    return withTimeout(super.validateAuthorizationCode(code, codeVerifier), "The token request");
  }

  /** Rotating refresh tokens: no scope parameter (asking for scopes again is refused). */
  async refresh(refreshToken: string): Promise<SignIn> {
    const tokens = await withTimeout(this.client.refreshAccessToken(backchannelUrl(this.metadata.token_endpoint), refreshToken, []), "The token refresh");
    const claims = await verifyIdToken(tokens.idToken(), this.metadata, null);
    return { claims, tokens: tokenSet(tokens, refreshToken) };
  }

  async revoke(token: string): Promise<void> {
    if (!this.metadata.revocation_endpoint) return;
    await withTimeout(this.client.revokeToken(backchannelUrl(this.metadata.revocation_endpoint), token), "Token revocation");
  }
}

export type PortalStrategy = PortalOidcStrategy;

export async function portalStrategy(): Promise<PortalOidcStrategy> {
  const settings = getAuthSettings();
  const metadata = await issuerMetadata();
  return new PortalOidcStrategy(metadata, settings.sessionSecret, {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorizationEndpoint: metadata.authorization_endpoint,
    tokenEndpoint: backchannelUrl(metadata.token_endpoint),
    redirectURI: `${settings.publicOrigin}/callback`,
    scopes: PORTAL_SCOPES,
    cookie: {
      name: OAUTH_STATE_COOKIE,
      httpOnly: true,
      sameSite: "Lax",
      ...(settings.secureCookies ? { secure: true as const } : {}),
      path: "/",
      maxAge: 600,
    },
  });
}

/** Where the browser goes to end the identity provider's session, or null when it has no such endpoint. */
export async function endSessionUrl(idToken: string | null): Promise<string | null> {
  const settings = getAuthSettings();
  const metadata = await issuerMetadata();
  if (!metadata.end_session_endpoint) return null;
  const url = new URL(metadata.end_session_endpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("post_logout_redirect_uri", `${settings.publicOrigin}/login`);
  return url.toString();
}

/** The names of the state cookies in a Cookie header that carry this state (normally one). */
export function stateCookieNames(cookieHeader: string | null, state: string): string[] {
  const names: string[] = [];
  for (const pair of (cookieHeader ?? "").split(";")) {
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    if (separator < 0 || !name.startsWith(`${OAUTH_STATE_COOKIE}:`)) continue;
    const value = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (new URLSearchParams(value).get("state") === state) names.push(name);
  }
  return names;
}

/**
 * Set-Cookie lines that remove the state cookies of the sign-in this callback ends (success or
 * not). Other sign-ins under way in other tabs keep theirs; their cookies expire after 10 minutes.
 */
export function clearStateCookies(request: Request): string[] {
  const state = new URL(request.url).searchParams.get("state");
  if (!state) return [];
  const secure = getAuthSettings().secureCookies ? "; Secure" : "";
  return stateCookieNames(request.headers.get("Cookie"), state).map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}
