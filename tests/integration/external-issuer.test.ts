import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, insertUsers, startIdentityServer, type IdentityServer } from "./identity-harness";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { location } from "../support/http-browser";
import { signInAs } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET point the portal at another issuer: here a
 * separate identity provider with its own user directory, reached over real HTTP. The built-in one
 * is switched off and nothing else changes.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let identityDatabase: TestDatabase;
let issuer: IdentityServer;
let portal: RunningServer;
let base: string;
let dataDir: string;

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
    {
      id: "ext-newcomer-1",
      login: "ext-newcomer",
      password: "demo-portal",
      firstName: "External",
      lastName: "Newcomer",
      roles: ["DIP_PORTAL", "DIP_POWER"],
      companyId: null,
    },
  ]);
  issuer = await startIdentityServer(identityDatabase.database, {
    client: { ...CLIENT, redirectUris: [`${base}/callback`], postLogoutRedirectUris: [`${base}/login`] },
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-external-"));
  portal = await startServer({
    DATA_DIR: dataDir,
    SEED_SCALE: "200",
    PORT: String(port),
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  });
}, 180_000);

afterAll(async () => {
  await portal?.stop();
  await issuer?.close();
  await identityDatabase?.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("an external OpenID Connect issuer", () => {
  it("signs users in through the issuer's own login page and directory", async () => {
    const { browser, landing } = await signInAs(base, "power");
    expect(landing).toBe("/transactions");
    const home = await browser.get(`${base}/myAccount`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("External");
  });

  it("finds the directory user by login when the issuer's subject id differs, and never fails the callback", async () => {
    expect(portal.logs.filter((line) => line.level === "error")).toEqual([]);
  });

  it("sends the browser to the external issuer, not to a built-in one", async () => {
    const response = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ returnTo: "" }), redirect: "manual" });
    expect(location(response, base).origin).toBe(new URL(issuer.issuer).origin);
    const builtIn = await fetch(`${base}/oidc/.well-known/openid-configuration`, { redirect: "manual" });
    expect(builtIn.status).toBe(404);
  });

  it("keeps the portal's own sign-in page, whose button goes to the issuer (only the built-in provider's form replaces it)", async () => {
    const response = await fetch(`${base}/login`, { redirect: "manual" });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Sign in with your company account to continue.");
    expect(page).not.toContain("Demo accounts");
  });

  it("allows form posts to the issuer in the content security policy", async () => {
    const response = await fetch(`${base}/login`);
    expect(response.headers.get("content-security-policy")).toContain(`form-action 'self' ${new URL(issuer.issuer).origin}`);
  });

  it("keeps the roles the portal's directory gave a user when they sign in again (the issuer's role claim only seeds a new user)", async () => {
    const directory = path.join(dataDir, "portal.sqlite");
    const rolesOf = () => {
      const db = new SQLite(directory, { readonly: true });
      try {
        return JSON.parse((db.prepare("select dloedrprole as roles from users where login = ?").get("ext-newcomer") as { roles: string }).roles) as string[];
      } finally {
        db.close();
      }
    };
    const first = await signInAs(base, "ext-newcomer");
    expect(first.landing).toBe("/transactions");
    expect(rolesOf()).toEqual(["DIP_PORTAL", "DIP_POWER"]);

    // The User Roles screen's change: DIP_POWER taken away in the portal's directory.
    const db = new SQLite(directory);
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("update users set dloedrprole = ?, last_updated = ? where login = ?").run(
        JSON.stringify(["DIP_PORTAL"]),
        new Date().toISOString(),
        "ext-newcomer",
      );
    } finally {
      db.close();
    }

    // The issuer still says DIP_POWER; the directory's roles stay and decide where the user lands.
    const second = await signInAs(base, "ext-newcomer");
    expect(second.landing).toBe("/home");
    expect(rolesOf()).toEqual(["DIP_PORTAL"]);
    expect((await second.browser.get(`${base}/transactions`)).status).toBe(404);
  });
});
