/**
 * The part of oidc-provider 8 this module uses, typed. The package ships no types and
 * @types/oidc-provider is not installed; keeping the surface small keeps it honest. If
 * @types/oidc-provider is ever added, delete this file.
 */
declare module "oidc-provider" {
  import type { EventEmitter } from "node:events";
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { JWK } from "jose";

  /** What a model stores through the adapter; oidc-provider owns its shape. */
  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    /** Epoch seconds, set on find when the stored item was consumed. */
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type ClaimValue = string | number | boolean | null | string[];

  export interface AccountClaims {
    sub: string;
    [claim: string]: ClaimValue;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret: string;
    client_name?: string;
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
    token_endpoint_auth_method: "client_secret_basic" | "client_secret_post";
    scope: string;
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Grant {
    readonly jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Session {
    accountId?: string;
    authorizations?: Record<string, { grantId?: string }>;
    grantIdFor(clientId: string): string | undefined;
    destroy(): Promise<void>;
  }

  export interface RefreshToken {
    kind: string;
    readonly remainingTTL: number;
  }

  export interface AuthorizationCode {
    kind: string;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[] };
  }

  export interface CookieSetOptions {
    httpOnly?: boolean;
    sameSite?: "lax" | "strict" | "none";
    secure?: boolean;
    path?: string;
    signed?: boolean;
  }

  export interface OIDCContext {
    route?: string;
    client?: Client;
    session?: Session;
    result?: { consent?: { grantId?: string } };
    params?: Record<string, unknown>;
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    entities: {
      IdTokenHint?: { payload: { sub?: string; aud?: string | string[] } };
      RotatedRefreshToken?: RefreshToken;
    };
    cookies: { set(name: string, value: string | null, options?: CookieSetOptions): void };
    urlFor(name: string): string;
    provider: Provider;
  }

  /** Koa's context, as far as the configuration callbacks and middleware touch it. */
  export interface KoaContext {
    oidc?: OIDCContext;
    status: number;
    type: string;
    body: unknown;
    redirect(url: string): void;
  }

  export interface KoaContextWithOIDC extends KoaContext {
    oidc: OIDCContext;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
  }

  /** The errors oidc-provider throws and emits (`error_detail` is never sent to the client). */
  export interface ProviderError extends Error {
    error: string;
    error_description?: string;
    error_detail?: string;
    status: number;
    expose: boolean;
  }

  export type TtlFunction<T> = (ctx: KoaContextWithOIDC | undefined, item: T, client?: Client) => number;

  export interface CookieOptions {
    httpOnly: boolean;
    sameSite: "lax" | "strict";
    secure: boolean;
  }

  export interface Configuration {
    adapter: (modelName: string) => Adapter;
    clients: ClientMetadata[];
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
    jwks: { keys: JWK[] };
    cookies: {
      keys: string[];
      names: { session: string; interaction: string; resume: string };
      long: CookieOptions;
      short: CookieOptions;
    };
    claims: Record<string, string[]>;
    scopes: string[];
    responseTypes: string[];
    conformIdTokenClaims: boolean;
    pkce: { methods: string[]; required: () => boolean };
    clientBasedCORS: () => boolean;
    features: {
      devInteractions: { enabled: boolean };
      pushedAuthorizationRequests: { enabled: boolean };
      revocation: { enabled: boolean };
      userinfo: { enabled: boolean };
      rpInitiatedLogout: {
        enabled: boolean;
        logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void>;
        postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void>;
      };
    };
    interactions: { url(ctx: KoaContextWithOIDC, interaction: Interaction): Promise<string> };
    loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    issueRefreshToken(ctx: KoaContextWithOIDC, client: Client, code: AuthorizationCode): Promise<boolean>;
    rotateRefreshToken: boolean;
    expiresWithSession: () => Promise<boolean>;
    renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: Error): Promise<void>;
    ttl: {
      AccessToken: number;
      AuthorizationCode: number;
      IdToken: number;
      RefreshToken: TtlFunction<RefreshToken>;
      Interaction: number;
      Session: number;
      Grant: number;
    };
  }

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    cookieName(type: "session" | "interaction" | "resume"): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
