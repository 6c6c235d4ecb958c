import fs from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/auth/session-cookie.server";
import { SESSION_ENDED_TITLE, SIGN_IN_FAILED_TITLE, SIGN_IN_MESSAGES } from "~/auth/sign-in-messages";
import { createIdentityProvider } from "~/identity/index.server";
import { CLIENT, insertUsers } from "./identity-harness";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { FaultProxy } from "../support/fault-proxy";
import { Browser, location } from "../support/http-browser";
import { openPage } from "../support/portal-pages";
import { signInAs, signInUpToCallback } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * The identity provider (an external issuer, OIDC_ISSUER) taken away under the running production
 * server, through a proxy the test controls: refusing connections, or taking them and never
 * answering (past OIDC_TIMEOUT_MS). Sign-in says the sign-in service is not available (never a
 * 500); a signed-in user with a fresh token goes on working; a user whose token needs renewing is
 * signed out with a message, as the spec says; and sign-in works again once the issuer is back.
 */

/** Short enough to keep the hanging cases quick, long enough for a busy shared machine's real answers. */
const TIMEOUT_MS = 3000;
/** The HTML of a message on the page (React escapes apostrophes and quotes). */
const html = (text: string) => text.replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

let identityDatabase: TestDatabase;
let identityServer: Server;
let proxy: FaultProxy;
let portal: RunningServer;
let base: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The access tokens of every portal session now expire within the 180 s that trigger a renewal. */
function tokensAboutToExpire(): void {
  const db = new SQLite(path.join(dataDir, "portal.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const sessions = db.prepare("select refresh_token as refreshToken from sessions").all() as Array<{ refreshToken: string | null }>;
    expect(sessions.length).toBeGreaterThan(0);
    // A renewal that could succeed: the issuer handed out a refresh token.
    for (const session of sessions) expect(session.refreshToken).toEqual(expect.any(String));
    db.prepare("update sessions set access_token_expires_at = ?").run(new Date(Date.now() + 60_000).toISOString());
  } finally {
    db.close();
  }
}

/** Pressing Sign in: back to /login with the message in the pop-up, never a 500. */
async function expectSignInUnavailable(): Promise<void> {
  const browser = new Browser();
  const loginPage = await openPage(browser, base, "/login");
  expect(loginPage.status).toBe(200);
  expect(loginPage.html).toContain(">Sign in<");
  const pressed = await browser.post(`${base}/login`, { returnTo: "" });
  expect(pressed.status).toBe(302);
  expect(location(pressed, base).href).toBe(`${base}/login`);
  const shown = await openPage(browser, base, "/login");
  expect(shown.status).toBe(200);
  expect(shown.html).toContain(html(SIGN_IN_FAILED_TITLE));
  expect(shown.html).toContain(html(SIGN_IN_MESSAGES.unavailable));
}

/** A signed-in user whose token must be renewed now: signed out, with the message on /login. */
async function expectSignedOutWithMessage(browser: Browser): Promise<void> {
  const page = await browser.get(`${base}/home`);
  expect(page.status).toBe(302);
  expect(location(page, base).pathname).toBe("/login");
  expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  const login = await openPage(browser, base, `${location(page, base).pathname}${location(page, base).search}`);
  expect(login.status).toBe(200);
  expect(login.html).toContain(html(SESSION_ENDED_TITLE));
  expect(login.html).toContain(html(SIGN_IN_MESSAGES.expired));
  // Signed out for good: the next page asks for sign-in again, without a message.
  const again = await browser.get(`${base}/home`);
  expect(again.status).toBe(302);
  expect(location(again, base).pathname).toBe("/login");
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  identityDatabase = await createTestDatabase("sqlite");
  await insertUsers(identityDatabase.database, [
    {
      id: "ext-power-1",
      login: "power",
      password: "demo-portal",
      firstName: "External",
      lastName: "Power",
      roles: ["DIP_PORTAL", "DIP_POWER"],
      companyId: null,
    },
  ]);
  // The issuer is named after the proxy's port: the portal (and the browser) reach it only through the proxy.
  const app = express();
  identityServer = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  proxy = await FaultProxy.start({ host: "127.0.0.1", port: (identityServer.address() as net.AddressInfo).port });
  const issuer = `http://${proxy.address}/oidc`;
  app.use(
    "/oidc",
    await createIdentityProvider({
      issuer,
      database: identityDatabase.database,
      client: { ...CLIENT, redirectUris: [`${base}/callback`], postLogoutRedirectUris: [`${base}/login`] },
      secureCookies: false,
      log: () => undefined,
    }),
  );
  // Its first answer takes longest: warmed up here, so that on a busy machine the portal's short timeout measures the outage only.
  expect((await fetch(`${issuer}/.well-known/openid-configuration`)).status).toBe(200);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-idp-outage-"));
  portal = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_SCALE: "50",
      PORT: String(port),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT.clientId,
      OIDC_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    200_000,
  );
}, 240_000);

afterAll(async () => {
  await portal?.stop();
  await proxy?.close();
  await new Promise<void>((resolve) => {
    identityServer?.closeAllConnections();
    identityServer?.close(() => resolve());
  });
  await identityDatabase?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// In order: the portal has never reached the issuer before the first two.
describe("the identity provider unreachable", () => {
  it("refusing connections: /login shows, and Sign in says the sign-in service is not available", async () => {
    await proxy.refuse();
    await expectSignInUnavailable();
  });

  it("hanging past OIDC_TIMEOUT_MS: the same", async () => {
    await proxy.hang();
    await expectSignInUnavailable();
  });

  it("back again: sign-in works without a restart; gone between the sign-in and the callback: a message, no 500", async () => {
    await proxy.forward();
    const { browser, landing } = await signInAs(base, "power");
    expect(landing).toBe("/transactions");
    expect((await openPage(browser, base, "/home")).status).toBe(200);

    const { browser: late, callbackUrl } = await signInUpToCallback(base, "power");
    await proxy.refuse();
    const callback = await late.get(callbackUrl.href);
    expect(callback.status).toBe(302);
    expect(location(callback, base).pathname).toBe("/login");
    const shown = await openPage(late, base, "/login");
    expect(shown.html).toContain(html(SIGN_IN_FAILED_TITLE));
    expect(shown.html).toContain(html(SIGN_IN_MESSAGES.unavailable));
  });

  it.each([
    ["refusing connections", () => proxy.refuse()],
    ["hanging", () => proxy.hang()],
  ])("%s while a user is signed in: pages work while the token is fresh; a renewal that fails signs out with a message", async (_name, takeAway) => {
    await proxy.forward();
    const { browser } = await signInAs(base, "power");
    await takeAway();
    expect((await openPage(browser, base, "/home")).status).toBe(200);
    tokensAboutToExpire();
    await expectSignedOutWithMessage(browser);
  });

  it("logged nothing at error level", () => {
    expect(portal.logs.filter((line) => line.level === "error")).toEqual([]);
  });
});
