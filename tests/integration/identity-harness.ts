import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hash } from "@node-rs/argon2";
import express from "express";
import type { PortalDatabase } from "~/db/connect.server";
import { createIdentityProvider, type IdentityProviderOptions } from "~/identity/index.server";
import type { LogFields, LogLevel } from "~/identity/options";
import { Browser, location } from "../support/http-browser";

export { Browser, location };

/** Shared by the identity integration tests: a real server, a cookie-keeping client, users. */

export const CLIENT = {
  clientId: "portal",
  clientSecret: "portal-test-secret-0123456789abcdef",
  redirectUris: ["http://127.0.0.1/callback"],
  postLogoutRedirectUris: ["http://127.0.0.1/login"],
};
export const REDIRECT_URI = CLIENT.redirectUris[0];
export const SCOPE = "openid app:services scan:post portal users:manage";

export interface LogEntry {
  level: LogLevel;
  message: string;
  fields?: LogFields;
}

export interface IdentityServer {
  origin: string;
  issuer: string;
  logs: LogEntry[];
  close(): Promise<void>;
}

/**
 * Listens on a random loopback port first, so the issuer can name it, then mounts the provider.
 * Like the portal with TRUST_PROXY=loopback, it takes the client address from X-Forwarded-For
 * (a Browser with that header comes from another address).
 */
export async function startIdentityServer(database: PortalDatabase, overrides: Partial<IdentityProviderOptions> = {}): Promise<IdentityServer> {
  const app = express();
  app.set("trust proxy", "loopback");
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/oidc`;
  const logs: LogEntry[] = [];
  app.use(
    "/oidc",
    await createIdentityProvider({
      issuer,
      database,
      client: CLIENT,
      secureCookies: false,
      log: (level, message, fields) => logs.push({ level, message, fields }),
      ...overrides,
    }),
  );
  return {
    origin,
    issuer,
    logs,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface TestUser {
  id: string;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
  companyId: number | null;
  status?: string;
}

export async function insertUsers(database: PortalDatabase, users: TestUser[]): Promise<void> {
  const now = new Date().toISOString();
  for (const user of users) {
    await database.db
      .insertInto("users")
      .values({
        id: user.id,
        login: user.login,
        firstName: user.firstName,
        lastName: user.lastName,
        email: `${user.login}@example.test`,
        dloedrprole: JSON.stringify(user.roles),
        status: user.status ?? "ACTIVE",
        companyId: user.companyId,
        passwordHash: await hash(user.password),
        created: now,
        lastUpdated: now,
      })
      .execute();
  }
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  verifier: string;
}

export function newAuthorizationRequest(): AuthorizationRequest {
  return {
    state: randomBytes(12).toString("base64url"),
    nonce: randomBytes(12).toString("base64url"),
    verifier: randomBytes(32).toString("base64url"),
  };
}

export function authorizationUrl(issuer: string, request: AuthorizationRequest, extra: Record<string, string> = {}): string {
  const url = new URL(`${issuer}/auth`);
  const params: Record<string, string> = {
    client_id: CLIENT.clientId,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: request.state,
    nonce: request.nonce,
    code_challenge: createHash("sha256").update(request.verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** Starts an authorization request and returns the login page's URL. */
export async function openLoginPage(browser: Browser, server: IdentityServer, request: AuthorizationRequest): Promise<URL> {
  const response = await browser.get(authorizationUrl(server.issuer, request));
  if (response.status !== 303) throw new Error(`authorization answered ${response.status}`);
  return location(response, server.origin);
}

/** Follows redirects from a successful login until the browser is sent back to the client. */
export async function followToClient(browser: Browser, server: IdentityServer, response: Response): Promise<URL> {
  let current = response;
  for (let hops = 0; hops < 5; hops += 1) {
    const next = location(current, server.origin);
    if (next.href.startsWith(REDIRECT_URI)) return next;
    current = await browser.get(next.href);
  }
  throw new Error("too many redirects");
}

export async function signIn(
  browser: Browser,
  server: IdentityServer,
  login: string,
  password: string,
  request = newAuthorizationRequest(),
): Promise<{ code: string; request: AuthorizationRequest }> {
  const loginPage = await openLoginPage(browser, server, request);
  const submitted = await browser.post(loginPage.href, { username: login, password });
  if (submitted.status !== 303) throw new Error(`login answered ${submitted.status}`);
  const callback = await followToClient(browser, server, submitted);
  const code = callback.searchParams.get("code");
  if (!code) throw new Error(`no code in ${callback.href}`);
  return { code, request };
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export function basicAuthorization(): string {
  return `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`;
}

export async function tokenRequest(issuer: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: "POST",
    headers: { Authorization: basicAuthorization(), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

export async function exchangeCode(issuer: string, code: string, verifier: string): Promise<TokenResponse> {
  const response = await tokenRequest(issuer, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}
