import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { flashCookieHeader } from "~/auth/flash.server";
import type { UserClaims } from "~/auth/user-claims";
import { setDatabase } from "~/db/db.server";
import { loader as shellLoader } from "~/routes/_shell";
import { loader as homeLoader } from "~/routes/_shell.home";
import { loader as buildInfoLoader } from "~/routes/api.build-info";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { insertConfiguration, insertPagePermissions } from "../support/portal-rows";
import { loaderArgs, pageRequest, signedInCookie, useTestAuthSettings } from "../support/signed-in-request";

function user(login: string, roles: string[], companyId: number | null = null): UserClaims {
  return { id: `u-${login}`, login, firstName: "Jordan", lastName: "Portal", email: `${login}@example.com`, roles, companyId };
}
const PORTAL = user("portal", ["DIP_PORTAL"]);
const PROVIDER = user("provider", ["DIP_PORTAL", "DIP_PROVIDER"], 1001);
const ADMIN = user("admin", ["DIP_PORTAL", "DIP_ADMIN"]);

let current: TestDatabase | undefined;

beforeEach(async () => {
  current = await createTestDatabase("sqlite");
  setDatabase(current.database);
  useTestAuthSettings();
  await insertPagePermissions();
});

afterEach(async () => {
  setDatabase(undefined);
  await current?.cleanup();
  current = undefined;
});

async function shell(claims: UserClaims, extraCookies: string[] = []) {
  const cookie = [await signedInCookie(claims), ...extraCookies].join("; ");
  return shellLoader(loaderArgs(pageRequest("/home", cookie)));
}

describe("the layout's loader", () => {
  it("names the user and offers the areas the user may open, and nothing of the session", async () => {
    const answer = await shell(PORTAL);
    expect(answer.data.user).toEqual({ login: "portal", firstName: "Jordan", fullName: "Jordan Portal", initials: "JP" });
    expect(answer.data.areas).toEqual({ transactions: false, dashboard: false, admin: false });
    expect(JSON.stringify(answer.data)).not.toMatch(/test-access-token|test-id-token|__portal_session/);
    // Only areas whose screens exist are offered (AREAS_WITH_SCREENS): no entry leads to a 404.
    expect((await shell(PROVIDER)).data.areas).toEqual({ transactions: true, dashboard: true, admin: false });
    expect((await shell(ADMIN)).data.areas).toEqual({ transactions: true, dashboard: true, admin: true });
  });

  it("hands out a waiting pop-up message once and clears its cookie", async () => {
    const flash = (await flashCookieHeader({ title: "Success", message: "Saved." })).split(";")[0];
    const answer = await shell(PORTAL, [flash]);
    expect(answer.data.flash).toEqual({ title: "Success", message: "Saved." });
    expect(new Headers(answer.init?.headers).get("Set-Cookie")).toMatch(/^__portal_flash=;.*Max-Age=0/);
    const without = await shell(PORTAL);
    expect(without.data.flash).toBeNull();
    expect(without.init?.headers).toBeUndefined();
  });

  it("gives a user one time zone: America/Chicago until a visit with JavaScript, then that browser's zone, with and without JavaScript", async () => {
    // No JavaScript yet, or a zone the server does not know: the default.
    expect((await shell(PORTAL)).data.timeZone).toBe("America/Chicago");
    expect((await shell(PORTAL, ["tz=Nowhere%2FLand"])).data.timeZone).toBe("America/Chicago");
    // The first visit with JavaScript saves the browser's zone...
    expect((await shell(PORTAL, ["tz=Europe%2FParis"])).data.timeZone).toBe("Europe/Paris");
    // ...which every later visit uses: without JavaScript, and from a browser in another zone.
    expect((await shell(PORTAL)).data.timeZone).toBe("Europe/Paris");
    expect((await shell(PORTAL, ["tz=Asia%2FTokyo"])).data.timeZone).toBe("Europe/Paris");
    // Another user is not affected.
    expect((await shell(PROVIDER)).data.timeZone).toBe("America/Chicago");
  });

  it("loads usage analytics only when both entries are configured, with the hashed login and the company id", async () => {
    expect((await shell(PROVIDER)).data.analytics).toBeNull();
    await insertConfiguration("ANALYTICS_SCRIPT_URL", "TEXT", "https://analytics.example.com/agent.js");
    expect((await shell(PROVIDER)).data.analytics).toBeNull();
    await insertConfiguration("ANALYTICS_KEY", "TEXT", "key-123");
    expect((await shell(PROVIDER)).data.analytics).toEqual({
      scriptUrl: "https://analytics.example.com/agent.js",
      analyticsKey: "key-123",
      visitorId: createHash("sha256").update("provider").digest("hex"),
      accountId: "1001",
    });
  });
});

describe("the home page", () => {
  it("shows the support contact, or 'Not Available' without one", async () => {
    const before = await homeLoader(loaderArgs(pageRequest("/home", await signedInCookie(PORTAL))));
    expect(before).toMatchObject({ greetingName: "Jordan", supportContact: "Not Available" });
    await insertConfiguration("CCC_SUPPORT_CONTACT_INFO", "TEXT", "Call 1-800-555-0142");
    const after = await homeLoader(loaderArgs(pageRequest("/home", await signedInCookie(PORTAL))));
    expect(after.supportContact).toBe("Call 1-800-555-0142");
  });
});

describe("GET /api/build-info", () => {
  it("answers 401 signed out and the portal's build signed in", async () => {
    expect((await buildInfoLoader(loaderArgs(pageRequest("/api/build-info", "")))).status).toBe(401);
    const response = await buildInfoLoader(loaderArgs(pageRequest("/api/build-info", await signedInCookie(PORTAL))));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; payload: { build: Record<string, unknown> } };
    expect(body.status).toBe("SUCCESS");
    const { time, ...build } = body.payload.build;
    expect(build).toEqual({
      artifact: "diagnostics-operations-portal",
      group: "com.portal.diagnostics",
      tag: expect.stringMatching(/^v\d+\.\d+\.\d+/),
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    // The recorded build time, or null in a checkout that was never built.
    expect(time === null || !Number.isNaN(Date.parse(String(time)))).toBe(true);
  });
});
