import type { Configuration, CookieOptions, ErrorOut, Grant, KoaContextWithOIDC, RefreshToken } from "oidc-provider";
import { SIGN_IN_MESSAGES } from "~/auth/sign-in-messages";
import type { PortalDatabase } from "~/db/connect.server";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { accountFinder } from "./accounts.server";
import { COOKIE_NAMES, PORTAL_CLAIMS, PORTAL_SCOPES, PRODUCT_NAME, TTL_SECONDS, type FirstPartyClient } from "./options";
import { errorPage } from "./pages";
import type { PayloadStore } from "./payload-store.server";
import type { IdentitySecrets } from "./secrets.server";
import { logoutSource, postLogoutSuccessSource } from "./sign-out.server";

export interface ConfigurationInput {
  mountPath: string;
  database: PortalDatabase;
  client: FirstPartyClient;
  secrets: IdentitySecrets;
  store: PayloadStore;
  secureCookies: boolean;
}

/**
 * The portal is the provider's only client and a first-party one: it gets every scope it asks
 * for without a consent screen. The grant is created (or topped up) here instead.
 */
function firstPartyGrant(clientId: string) {
  return async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const client = oidc.client;
    const accountId = oidc.session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (client.clientId !== clientId) return existing;
    const grant = existing ?? new oidc.provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope([...oidc.requestParamScopes].join(" "));
    grant.addOIDCClaims([...oidc.requestParamClaims]);
    await grant.save();
    return grant;
  };
}

/** A rotated refresh token inherits what is left of the one it replaces: a sign-in lasts at most 8 hours. */
function refreshTokenTtl(ctx: KoaContextWithOIDC | undefined, _token: RefreshToken): number {
  const rotated = ctx?.oidc.entities.RotatedRefreshToken;
  return rotated ? rotated.remainingTTL : TTL_SECONDS.refreshToken;
}

/** oidc-provider's descriptions ("client is invalid") as a sentence; never a stack trace. */
function describe(out: ErrorOut): string {
  const text = out.error_description?.trim();
  if (!text) return "The request could not be processed.";
  return `${text[0].toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}

/** The page for an error; a database that does not answer is said as such (its status is set by the server_error event). */
async function renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: Error): Promise<void> {
  ctx.type = "html";
  ctx.body = errorPage(isDatabaseUnavailable(error) ? SIGN_IN_MESSAGES.unavailable : describe(out));
}

export function buildConfiguration(input: ConfigurationInput): Configuration {
  const { client, secrets, store, secureCookies, mountPath } = input;
  const shortCookie: CookieOptions = { httpOnly: true, sameSite: "lax", secure: secureCookies };
  // The session cookie only needs to reach the provider's own routes, not the whole portal.
  const sessionCookie = { ...shortCookie, path: mountPath || "/" };

  return {
    adapter: (model) => store.adapterFor(model),
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        client_name: PRODUCT_NAME,
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? "client_secret_basic",
        scope: PORTAL_SCOPES.join(" "),
      },
    ],
    findAccount: accountFinder(input.database.db),
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: { ...COOKIE_NAMES },
      long: sessionCookie,
      short: shortCookie,
    },
    scopes: [...PORTAL_SCOPES],
    claims: { openid: ["sub"], portal: [...PORTAL_CLAIMS] },
    conformIdTokenClaims: false,
    responseTypes: ["code"],
    pkce: { methods: ["S256"], required: () => true },
    // The portal talks to the token and userinfo endpoints from its server, never from a browser.
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logoutSource({ clientId: client.clientId, store, sessionCookie }),
        postLogoutSuccessSource,
      },
    },
    interactions: { url: async (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    loadExistingGrant: firstPartyGrant(client.clientId),
    // Refresh tokens without offline_access (requesting it makes refreshes fail with invalid_scope).
    issueRefreshToken: async (_ctx, tokenClient, code) =>
      tokenClient.clientId === client.clientId && tokenClient.grantTypeAllowed("refresh_token") && code.kind === "AuthorizationCode",
    rotateRefreshToken: true,
    // Tokens live by their own lifetimes; the provider's short session only enables silent sign-in.
    expiresWithSession: async () => false,
    renderError,
    ttl: {
      AccessToken: TTL_SECONDS.accessToken,
      AuthorizationCode: TTL_SECONDS.authorizationCode,
      IdToken: TTL_SECONDS.idToken,
      RefreshToken: refreshTokenTtl,
      Interaction: TTL_SECONDS.interaction,
      Session: TTL_SECONDS.session,
      Grant: TTL_SECONDS.grant,
    },
  };
}
