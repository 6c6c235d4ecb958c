import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOOTER_LINKS } from "~/lib/site-footer-content";
import {
  authorizationUrl,
  Browser,
  CLIENT,
  exchangeCode,
  followToClient,
  insertUsers,
  location,
  newAuthorizationRequest,
  openLoginPage,
  REDIRECT_URI,
  SCOPE,
  signIn,
  startIdentityServer,
  tokenRequest,
  type IdentityServer,
  type TestUser,
} from "./identity-harness";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/databases";

const alice: TestUser = {
  id: "u-alice",
  login: "alice",
  password: "correct horse battery",
  firstName: "Alice",
  lastName: "Admin",
  roles: ["DIP_PORTAL", "DIP_ADMIN"],
  companyId: 42,
};
const bob: TestUser = { ...alice, id: "u-bob", login: "bob", password: "bob's password", status: "INACTIVE" };
const carol: TestUser = { ...alice, id: "u-carol", login: "carol", password: "carol's password", companyId: null };
const dave: TestUser = { ...alice, id: "u-dave", login: "dave", password: "dave's password", roles: ["DIP_PROVIDER"] };
/** Guessed at by the throttling test. */
const erin: TestUser = { ...alice, id: "u-erin", login: "erin", password: "erin's password" };

const MESSAGES = {
  empty: "Field cannot be empty!",
  password: "Please enter a password",
  failed: "Sign in failed!",
  wait: (seconds: number) => `Too many failed attempts. Try again in ${seconds} seconds.`,
};

/** A clock the test moves by hand, starting now (the provider's own tokens use the real one). */
function manualClock() {
  let current = Date.now();
  return {
    now: () => new Date(current),
    advance: (seconds: number) => {
      current += seconds * 1000;
    },
  };
}

describe.each(testDialects)("built-in identity provider on %s", (dialect) => {
  let t: TestDatabase;
  let server: IdentityServer;
  /** Every secret that crossed the wire, to prove none reaches the log. */
  const secrets: string[] = [alice.password, bob.password, carol.password, dave.password, erin.password];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await insertUsers(t.database, [alice, bob, carol, dave, erin]);
    server = await startIdentityServer(t.database);
  });
  afterAll(async () => {
    await server?.close();
    await t?.cleanup();
  });

  async function tokensFor(user: TestUser, browser = new Browser()) {
    const { code, request } = await signIn(browser, server, user.login, user.password);
    const tokens = await exchangeCode(server.issuer, code, request.verifier);
    secrets.push(code, tokens.access_token, tokens.refresh_token, tokens.id_token);
    return { tokens, request, browser };
  }

  async function verifyIdToken(idToken: string, issuer = server.issuer, jwksIssuer = server.issuer) {
    const jwks = createRemoteJWKSet(new URL(`${jwksIssuer}/jwks`));
    const { payload } = await jwtVerify(idToken, jwks, { issuer, audience: CLIENT.clientId });
    return payload;
  }

  it("publishes a discovery document for the authorization code flow with PKCE", async () => {
    const response = await fetch(`${server.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(server.issuer);
    expect(discovery.authorization_endpoint).toBe(`${server.issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${server.issuer}/token`);
    expect(discovery.jwks_uri).toBe(`${server.issuer}/jwks`);
    expect(discovery.end_session_endpoint).toBe(`${server.issuer}/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${server.issuer}/token/revocation`);
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(SCOPE.split(" ")));
    expect(discovery.scopes_supported).not.toContain("offline_access");
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["sub", "login", "firstname", "lastname", "email", "dloedrprole", "companyId"]));
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(["authorization_code", "refresh_token"]));
  });

  it("shows a login page with Username and Password that needs no JavaScript", async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());
    expect(loginUrl.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const response = await browser.get(loginUrl.href);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.text();
    expect(body).toContain("<title>Sign in - Diagnostics Operations Portal</title>");
    expect(body).toContain('<label for="username">Username</label>');
    expect(body).toContain('<label for="password">Password</label>');
    expect(body).toContain('<button type="submit">Sign in</button>');
    expect(body).toContain(`<form method="post" action="${loginUrl.pathname}" novalidate>`);
    // Nothing loads from elsewhere; the only outside addresses are the footer's links, as on the portal's pages.
    expect(body).not.toMatch(/<script|<link|\ssrc=/i);
    const outside = FOOTER_LINKS.reduce((text, link) => text.replaceAll(`href="${link.href}"`, ""), body);
    expect(outside).not.toMatch(/https?:\/\//i);
    expect(browser.cookieNames()).toEqual(expect.arrayContaining(["oidc_interaction", "oidc_interaction_resume"]));
  });

  it("answers empty fields with the specification's messages and keeps the username, escaped", async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());

    const bothEmpty = await browser.post(loginUrl.href, { username: "  ", password: "" });
    expect(bothEmpty.status).toBe(400);
    const bothBody = await bothEmpty.text();
    expect(bothBody).toContain(MESSAGES.empty);
    expect(bothBody).toContain(MESSAGES.password);
    expect(bothBody).not.toContain(MESSAGES.failed);

    const hostile = `<img src=x onerror="alert(1)">`;
    const noPassword = await browser.post(loginUrl.href, { username: hostile, password: "" });
    const body = await noPassword.text();
    expect(body).toContain(MESSAGES.password);
    expect(body).not.toContain(MESSAGES.empty);
    expect(body).toContain('value="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"');
    expect(body).not.toContain(hostile);

    const noUsername = await browser.post(loginUrl.href, { username: "", password: "something" });
    const noUsernameBody = await noUsername.text();
    expect(noUsernameBody).toContain(MESSAGES.empty);
    expect(noUsernameBody).not.toContain(MESSAGES.password);
  });

  it("refuses an oversized form with a plain page", async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());
    const response = await browser.post(loginUrl.href, { username: "x".repeat(20_000), password: "y" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read.");
  });

  it("refuses a wrong password, an unknown user and an inactive user with the same message", async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());
    const attempts = [
      { username: "alice", password: "wrong password" },
      { username: "nobody", password: "whatever it is" },
      { username: "bob", password: bob.password },
    ];
    const pages: string[] = [];
    for (const attempt of attempts) {
      const response = await browser.post(loginUrl.href, attempt);
      expect(response.status).toBe(400);
      const body = await response.text();
      expect(body).toContain(`<div class="alert" role="alert">${MESSAGES.failed}</div>`);
      expect(body).toContain(`value="${attempt.username}"`);
      pages.push(body.replace(`value="${attempt.username}"`, ""));
    }
    // The same page whatever the reason: nothing tells an unknown login from a wrong password.
    expect(new Set(pages).size).toBe(1);
    const reasons = server.logs.filter((entry) => entry.message === "sign-in failed").map((entry) => entry.fields?.reason);
    expect(reasons).toEqual(["wrong-password", "unknown-user", "not-allowed"]);
  });

  it("signs in with PKCE, state and nonce and issues an ID token with the portal's claims", async () => {
    const browser = new Browser();
    const request = newAuthorizationRequest();
    const loginUrl = await openLoginPage(browser, server, request);
    const submitted = await browser.post(loginUrl.href, { username: "alice", password: alice.password });
    expect(submitted.status).toBe(303);
    const callback = await followToClient(browser, server, submitted);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe(request.state);
    expect(callback.searchParams.get("iss")).toBe(server.issuer);
    const code = callback.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const tokens = await exchangeCode(server.issuer, code, request.verifier);
    secrets.push(code, tokens.access_token, tokens.refresh_token, tokens.id_token);
    expect(tokens.token_type).toBe("Bearer");
    // Issued for an hour; the bound leaves a busy machine minutes between issue and this line.
    expect(tokens.expires_in).toBeGreaterThan(3300);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.scope.split(" ").sort()).toEqual(SCOPE.split(" ").sort());
    expect(tokens.refresh_token).toBeTruthy();

    // Alice's claims as the portal reads them, in the ID token (with the nonce) and from /me alike.
    const aliceClaims = {
      sub: "u-alice",
      login: "alice",
      firstname: "Alice",
      lastname: "Admin",
      email: "alice@example.test",
      dloedrprole: ["DIP_PORTAL", "DIP_ADMIN"],
      companyId: 42,
    };
    const claims = await verifyIdToken(tokens.id_token);
    expect(claims).toMatchObject({ ...aliceClaims, nonce: request.nonce });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);

    const userinfo = await fetch(`${server.issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual(aliceClaims);

    // An authorization code works once.
    const replay = await tokenRequest(server.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: request.verifier,
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("carries a null company id for users without one", async () => {
    const { tokens } = await tokensFor(carol);
    const claims = await verifyIdToken(tokens.id_token);
    expect(claims.companyId).toBeNull();
    expect(claims.login).toBe("carol");
  });

  it("requires PKCE and logs why a code exchange is refused", async () => {
    const withoutPkce = await new Browser().get(authorizationUrl(server.issuer, newAuthorizationRequest(), { code_challenge: "", code_challenge_method: "" }));
    const refused = location(withoutPkce, server.origin);
    expect(refused.origin + refused.pathname).toBe(REDIRECT_URI);
    expect(refused.searchParams.get("error")).toBe("invalid_request");

    const { code } = await signIn(new Browser(), server, "alice", alice.password);
    secrets.push(code);
    const wrongVerifier = await tokenRequest(server.issuer, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: newAuthorizationRequest().verifier,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });
    const logged = server.logs.filter((entry) => entry.fields?.event === "grant.error").at(-1);
    expect(logged?.fields?.detail).toMatch(/PKCE/);
  });

  it("rotates refresh tokens, and reusing an old one revokes the sign-in", async () => {
    const { tokens } = await tokensFor(alice);
    const refreshed = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { refresh_token: string; id_token: string; access_token: string };
    secrets.push(renewed.refresh_token, renewed.id_token, renewed.access_token);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await verifyIdToken(renewed.id_token)).dloedrprole).toEqual(["DIP_PORTAL", "DIP_ADMIN"]);

    // Eight hours from sign-in, and rotation does not extend it.
    const expiry = async (token: string) => {
      const row = await t.database.db
        .selectFrom("oidcPayloads")
        .select("expiresAt")
        .where("model", "=", "RefreshToken")
        .where("id", "=", token)
        .executeTakeFirstOrThrow();
      return Date.parse(row.expiresAt ?? "");
    };
    const firstExpiry = await expiry(tokens.refresh_token);
    expect(Math.abs(firstExpiry - (Date.now() + 8 * 3600_000))).toBeLessThan(5 * 60_000);
    expect(Math.abs((await expiry(renewed.refresh_token)) - firstExpiry)).toBeLessThanOrEqual(1000);

    const reused = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe("invalid_grant");
    const logged = server.logs.filter((entry) => entry.fields?.event === "grant.error").at(-1);
    expect(logged?.fields?.detail).toBe("refresh token already used");

    const afterReuse = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: renewed.refresh_token });
    expect(afterReuse.status).toBe(400);
  });

  it("stops refreshing for a user who has been deactivated", async () => {
    const { tokens } = await tokensFor(dave);
    await t.database.db.updateTable("users").set({ status: "SUSPENDED" }).where("id", "=", dave.id).execute();
    try {
      const refused = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    } finally {
      await t.database.db.updateTable("users").set({ status: "ACTIVE" }).where("id", "=", dave.id).execute();
    }
  });

  it("slows a guesser's own attempts from their address, while the account's owner signs in from another, on every instance", async () => {
    const clock = manualClock();
    const first = await startIdentityServer(t.database, { now: clock.now });
    const second = await startIdentityServer(t.database, { now: clock.now });
    try {
      const guesser = new Browser({ "X-Forwarded-For": "198.51.100.66" });
      const loginUrl = await openLoginPage(guesser, first, newAuthorizationRequest());
      const guess = async (password: string) => {
        const response = await guesser.post(loginUrl.href, { username: "erin", password });
        return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
      };
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const free = await guess(`guess ${attempt}`);
        expect(free.status).toBe(400);
        expect(free.body).toContain(`<div class="alert" role="alert">${MESSAGES.failed}</div>`);
      }
      const fifth = await guess("guess 4");
      expect(fifth).toMatchObject({ status: 400, retryAfter: null });
      expect(fifth.body).toContain(`${MESSAGES.failed}<span class="detail">${MESSAGES.wait(15)}</span>`);

      // While the pair waits, even the right password is refused unchecked, with when to come back.
      const refused = await guess(erin.password);
      expect(refused).toMatchObject({ status: 429, retryAfter: "15" });
      expect(refused.body).toContain(`${MESSAGES.failed}<span class="detail">${MESSAGES.wait(15)}</span>`);
      expect(first.logs.at(-1)).toMatchObject({
        level: "warn",
        message: "sign-in refused: too many failed attempts",
        fields: { login: "erin", address: "198.51.100.66" },
      });

      // The owner, from another address, signs in at once; so does another login from the guesser's address.
      const { code } = await signIn(new Browser({ "X-Forwarded-For": "203.0.113.10" }), first, "erin", erin.password);
      secrets.push(code);
      const other = await signIn(new Browser({ "X-Forwarded-For": "198.51.100.66" }), first, "alice", alice.password);
      secrets.push(other.code);

      // The second instance reads the same counts: the guesser waits there too.
      const elsewhere = new Browser({ "X-Forwarded-For": "198.51.100.66" });
      const secondLogin = await openLoginPage(elsewhere, second, newAuthorizationRequest());
      const there = await elsewhere.post(secondLogin.href, { username: "erin", password: "guess 5" });
      expect(there.status).toBe(429);

      // After the wait, one more guess is checked, and its failure doubles the wait.
      clock.advance(15);
      const sixth = await guess("guess 6");
      expect(sixth.status).toBe(400);
      expect(sixth.body).toContain(MESSAGES.wait(30));
      expect((await guess("guess 7")).status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("clears a login's failures when it signs in", async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await browser.post(loginUrl.href, { username: "dave", password: `guess ${attempt}` });
    }
    await tokensFor(dave);
    const again = new Browser();
    const secondLogin = await openLoginPage(again, server, newAuthorizationRequest());
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await again.post(secondLogin.href, { username: "dave", password: `guess ${attempt}` });
    }
    const success = await again.post(secondLogin.href, { username: "dave", password: dave.password });
    expect(success.status).toBe(303);
  });

  it("keeps its keys across restarts, and a second instance honours the first one's tokens", async () => {
    const { tokens } = await tokensFor(carol);
    const second = await startIdentityServer(t.database);
    try {
      const keysOf = async (issuer: string) => ((await (await fetch(`${issuer}/jwks`)).json()) as { keys: Array<{ kid: string; d?: string }> }).keys;
      const firstKeys = await keysOf(server.issuer);
      const secondKeys = await keysOf(second.issuer);
      expect(firstKeys.map((key) => key.kid)).toEqual(secondKeys.map((key) => key.kid));
      expect(firstKeys.every((key) => key.d === undefined)).toBe(true);

      const claims = await verifyIdToken(tokens.id_token, server.issuer, second.issuer);
      expect(claims.sub).toBe("u-carol");

      const refreshed = await tokenRequest(second.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
      expect(refreshed.status).toBe(200);
      const renewed = (await refreshed.json()) as { id_token: string; refresh_token: string; access_token: string };
      secrets.push(renewed.id_token, renewed.refresh_token, renewed.access_token);
      expect(decodeJwt(renewed.id_token).iss).toBe(second.issuer);
    } finally {
      await second.close();
    }
  });

  it("signs out at once at end_session when the ID token belongs to the signed-in user", async () => {
    const { tokens, browser } = await tokensFor(alice);
    expect(browser.cookieNames()).toContain("oidc_session");
    const endSession = new URL(`${server.issuer}/session/end`);
    endSession.searchParams.set("id_token_hint", tokens.id_token);
    endSession.searchParams.set("post_logout_redirect_uri", CLIENT.postLogoutRedirectUris[0]);
    endSession.searchParams.set("state", "bye");
    const response = await browser.get(endSession.href);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${CLIENT.postLogoutRedirectUris[0]}?state=bye`);
    expect(browser.cookieNames()).not.toContain("oidc_session");

    const refresh = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(400);
    const userinfo = await fetch(`${server.issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(401);

    // The next sign-in asks for the password again.
    const loginUrl = await openLoginPage(browser, server, newAuthorizationRequest());
    expect(loginUrl.pathname).toMatch(/^\/oidc\/interaction\//);
  });

  it("asks with a single Sign out button, without JavaScript, when there is no ID token", async () => {
    const { tokens, browser } = await tokensFor(carol);
    const prompt = await browser.get(`${server.issuer}/session/end`);
    expect(prompt.status).toBe(200);
    const body = await prompt.text();
    expect(body).not.toMatch(/<script/i);
    expect(body.match(/<button/g)).toHaveLength(1);
    expect(body).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(body)?.[1] ?? "";
    const confirmed = await browser.post(`${server.issuer}/session/end/confirm`, { xsrf, logout: "yes" });
    expect(confirmed.status).toBe(303);
    const success = await browser.get(location(confirmed, server.origin).href);
    expect(success.status).toBe(200);
    const successBody = await success.text();
    expect(successBody).toContain("You are signed out");
    expect(successBody).toContain('href="/"');
    const refresh = await tokenRequest(server.issuer, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(400);
  });

  it("goes straight back to the portal when there is no session to end", async () => {
    const { tokens } = await tokensFor(alice);
    const endSession = new URL(`${server.issuer}/session/end`);
    endSession.searchParams.set("id_token_hint", tokens.id_token);
    endSession.searchParams.set("post_logout_redirect_uri", CLIENT.postLogoutRedirectUris[0]);
    const response = await new Browser().get(endSession.href);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(CLIENT.postLogoutRedirectUris[0]);
  });

  it("renders errors as a plain page with a link back to the portal", async () => {
    const unknownClient = await new Browser().get(authorizationUrl(server.issuer, newAuthorizationRequest(), { client_id: "intruder" }));
    expect(unknownClient.status).toBe(400);
    const body = await unknownClient.text();
    expect(body).toContain("Sign-in could not be completed");
    expect(body).toContain("<p>Client is invalid.</p>");
    expect(body).toContain('<a class="secondary" href="/">Back to the portal</a>');
    expect(body).not.toMatch(/<script|at .*\.js:\d+|oops/i);

    const staleInteraction = await new Browser().get(`${server.issuer}/interaction/not-a-real-one`);
    expect(staleInteraction.status).toBe(400);
    expect(await staleInteraction.text()).toContain("This sign-in page has expired");
  });

  it("never writes passwords, codes or tokens to the log", () => {
    const log = JSON.stringify(server.logs);
    expect(server.logs.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
