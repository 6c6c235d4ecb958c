import http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "~/components/error-pages";
import { FEEDBACK_MESSAGES } from "~/modules/feedback/schema";
import { FAILED_OR_CANCELLED_STATUSES } from "~/modules/transactions/vocabulary";
import { FORM_BODY_LIMIT_BYTES, FORM_BODY_MESSAGES } from "~/write-path/read-form.server";
import { HOSTILE_TARGETS } from "../support/hostile-targets";
import type { Browser } from "../support/http-browser";
import { bulkResendToken } from "../support/issued-resend-token";
import { serverTargets, startPortalOn, type PortalOn } from "../support/portal-server-on";
import { signInAs } from "../support/portal-sign-in";

/**
 * Hostile input through the real built server (decision 0015): return paths that normalise into
 * another origin, malformed paths, unknown methods, bodies that are not forms, and a POST to a
 * page without an action. None may answer 500, send the browser elsewhere, or write an error line.
 */

/** A raw request: fetch refuses methods such as TRACE, a browser would never send them either. */
function rawRequest(base: string, method: string, pathname: string, cookie = ""): Promise<{ status: number; allow?: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: pathname, headers: cookie ? { Cookie: cookie } : {} }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** The href of the Cancel link of a resend page. */
function cancelHref(page: string): string | undefined {
  return /<a[^>]*href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*Cancel/.exec(page)?.[1].replaceAll("&amp;", "&");
}

describe.each(serverTargets)("hostile input on %s", (target) => {
  let portal: PortalOn;
  let base: string;
  let power: Browser;
  let resendableId: number;

  const cookieOf = (browser: Browser) => browser.cookieHeader("/");
  const send = (browser: Browser | null, pathname: string, init: RequestInit = {}) =>
    fetch(`${base}${pathname}`, {
      ...init,
      redirect: "manual",
      headers: { ...(browser ? { Cookie: cookieOf(browser) } : {}), ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    portal = await startPortalOn(target);
    base = portal.base;
    power = (await signInAs(base, "power")).browser;
    const row = await portal.database.db
      .selectFrom("scanRequests")
      .select("scanRequestId")
      .where("scanType", "=", "Scan")
      .where("status", "not in", [...FAILED_OR_CANCELLED_STATUSES])
      .orderBy("scanRequestId")
      .executeTakeFirstOrThrow();
    resendableId = row.scanRequestId;
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
  });

  describe("return paths", () => {
    it("never sends a signed-in user from /login to a hostile returnTo", async () => {
      expect(HOSTILE_TARGETS.length).toBeGreaterThan(40);
      for (const hostile of HOSTILE_TARGETS) {
        const response = await power.get(`${base}/login?returnTo=${encodeURIComponent(hostile)}`);
        // A NUL in the address is refused before any route (decision 0021): sent nowhere either.
        if (hostile.includes("\u0000")) {
          expect(response.status, JSON.stringify(hostile)).toBe(400);
          continue;
        }
        expect(response.status, JSON.stringify(hostile)).toBe(302);
        expect(response.headers.get("location"), JSON.stringify(hostile)).toBe("/transactions");
      }
      // The review's request, byte for byte.
      expect((await power.get(`${base}/login?returnTo=%2F.%2F%2Fevil.com`)).headers.get("location")).toBe("/transactions");
    });

    it("keeps a grid URL as returnTo, query and all", async () => {
      const grid = "/transactions/services?provider=1001&page=2&size=20&sort=createdAt&dir=desc";
      expect((await power.get(`${base}/login?returnTo=${encodeURIComponent(grid)}`)).headers.get("location")).toBe(grid);
    });

    it("ignores a normalising target across a whole sign-in", async () => {
      expect((await signInAs(base, "portal", "/.//evil.com")).landing).toBe("/home");
    });

    it("gives the resend page's Cancel link and form only a safe back", async () => {
      for (const hostile of HOSTILE_TARGETS) {
        const query = new URLSearchParams({ back: hostile }).toString();
        if (hostile.includes("\u0000")) {
          expect((await power.get(`${base}/transactions/resend?${query}`)).status, JSON.stringify(hostile)).toBe(400);
          continue;
        }
        const page = await (await power.get(`${base}/transactions/resend?${query}`)).text();
        expect(cancelHref(page), JSON.stringify(hostile)).toBe("/transactions");
        expect(page).not.toMatch(/href="\/\//);
      }
      const withSelection = await (await power.get(`${base}/transactions/resend?ids=${resendableId}&back=${encodeURIComponent("/.//evil.com")}`)).text();
      expect(cancelHref(withSelection)).toBe("/transactions");
      expect(withSelection).toContain('name="back" value="/transactions"');
      const grid = "/transactions?provider=1001&page=2";
      const kept = await (await power.get(`${base}/transactions/resend?${new URLSearchParams({ back: grid })}`)).text();
      expect(cancelHref(kept)).toBe(grid);
    });

    it.each(["/.//evil.com", "/..//evil.com", "/%2e//evil.com", "/transactions/..///evil.com", "/\\evil.com"])(
      "redirects after a bulk resend with back=%s to the grid, not away",
      async (hostile) => {
        const posted = await power.post(`${base}/transactions/resend`, {
          ids: String(resendableId),
          token: await bulkResendToken(power, base, [resendableId]),
          resendDiagnosticReport: "on",
          back: hostile,
        });
        expect(posted.status).toBe(302);
        expect(posted.headers.get("location")).toBe("/transactions");
      },
    );

    it.each(["/.//evil.com", "/transactions/..///evil.com", "/transactions/%2e%2e//evil.com"])(
      "redirects after a single resend with back=%s to the detail view",
      async (hostile) => {
        const posted = await power.post(`${base}/transactions/${resendableId}/resend`, { kind: "results", token: "not-a-token", back: hostile });
        expect(posted.status).toBe(302);
        expect(posted.headers.get("location")).toBe(`/transactions/${resendableId}`);
      },
    );
  });

  describe("malformed paths and unknown methods", () => {
    it.each(["/%ff", "/home%ff", "/%", "/transactions/%E0%A4%A", "/oidc/%ff", "/build/%ff"])("answers %s with 400, signed in or out", async (pathname) => {
      expect((await rawRequest(base, "GET", pathname)).status).toBe(400);
      expect((await rawRequest(base, "GET", pathname, cookieOf(power))).status).toBe(400);
    });

    it.each([
      "/transactions/%00",
      "/home?x=%00",
      "/transactions?provider=1001&vin=%00",
      "/transactions.csv?vin=a%00b",
      "/transactions/scanResults?vin=%00",
      "/oidc/auth?%00=1",
    ])("answers a NUL in the address (%s) with 400: PostgreSQL cannot compare with it (decision 0021)", async (pathname) => {
      expect((await rawRequest(base, "GET", pathname)).status).toBe(400);
      expect((await rawRequest(base, "GET", pathname, cookieOf(power))).status).toBe(400);
    });

    it("takes a malformed escape in the query as text, not a fault", async () => {
      expect((await power.get(`${base}/login?returnTo=%ff`)).headers.get("location")).toBe("/transactions");
      expect((await power.get(`${base}/transactions/resend?back=%E0%A4%A`)).status).toBe(200);
    });

    it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK"])("answers %s with 405 on any path, signed in or out", async (method) => {
      for (const pathname of ["/", "/login", "/home", "/oidc/.well-known/openid-configuration", "/no-such-page"]) {
        expect(await rawRequest(base, method, pathname)).toEqual({ status: 405, allow: "GET, HEAD, POST" });
        expect((await rawRequest(base, method, pathname, cookieOf(power))).status).toBe(405);
      }
    });

    it("lets Node refuse a method it does not know (TRACK) with 400", async () => {
      expect((await rawRequest(base, "TRACK", "/login")).status).toBe(400);
    });
  });

  describe("bodies that are not forms", () => {
    const notForms: Array<[string, string, string]> = [
      ["JSON", '{"topic":"BUG","message":"x"}', "application/json"],
      ["text", "topic=BUG&message=x", "text/plain"],
      ["XML", "<feedback><topic>BUG</topic></feedback>", "application/xml"],
    ];

    it.each(["/login", "/settings", "/feedback"])("answers them on %s with 400 and says why", async (pathname) => {
      const browser = pathname === "/login" ? null : power;
      for (const [name, body, contentType] of notForms) {
        const response = await send(browser, pathname, { method: "POST", body, headers: { "Content-Type": contentType } });
        expect(response.status, name).toBe(400);
        // On the error page itself, not only in the page's data.
        expect(await response.text(), name).toContain(`>${FORM_BODY_MESSAGES.notAForm}<`);
      }
      const multipart = await send(browser, pathname, { method: "POST", body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=xx" } });
      expect(multipart.status).toBe(400);
      expect(await multipart.text()).toContain(`>${FORM_BODY_MESSAGES.unreadable}<`);
      const huge = await send(browser, pathname, {
        method: "POST",
        body: `message=${"x".repeat(FORM_BODY_LIMIT_BYTES)}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(huge.status).toBe(413);
    });

    it("answers them on the resend actions with 400 as data", async () => {
      const bulk = await send(power, "/transactions/resend", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
      expect(bulk.status).toBe(400);
      const single = await send(power, `/transactions/${resendableId}/resend`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
      expect(single.status).toBe(400);
      expect(await single.json()).toEqual({ message: FORM_BODY_MESSAGES.notAForm });
    });

    it.each(["/login", "/settings", "/feedback"])("answers a form with a NUL on %s with 400 and says why (decision 0021)", async (pathname) => {
      const browser = pathname === "/login" ? null : power;
      for (const body of ["topic=BUG&message=a%00b", "intent=timeZone&timeZone=UTC%00", "returnTo=%2Fhome%00", "%00=1"]) {
        const response = await send(browser, pathname, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
        expect(response.status, body).toBe(400);
        expect(await response.text(), body).toContain(`>${FORM_BODY_MESSAGES.nulCharacter}<`);
      }
    });

    it("still takes real forms", async () => {
      const feedback = await power.post(`${base}/feedback`, { topic: "", message: "" });
      expect(feedback.status).toBe(400);
      expect(await feedback.text()).toContain(FEEDBACK_MESSAGES.topicRequired);
    });
  });

  describe("a method the route does not answer (decision 0063)", () => {
    const form = { body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } };

    it("answers the signed-out as a GET of the same address: the sign-in redirect, or the 404 page", async () => {
      const unknown = await send(null, "/no-such-page", { method: "POST" });
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain(NOT_FOUND_MESSAGE);
      for (const pathname of ["/", "/home", "/about", "/transactions", "/transactions/4", "/admin/devices.csv", "/home.data"]) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          const get = await send(null, pathname);
          const response = await send(null, pathname, { method, ...form });
          expect(response.status, `${method} ${pathname}`).toBe(get.status);
          expect(response.headers.get("location"), `${method} ${pathname}`).toBe(get.headers.get("location"));
          expect(response.headers.get("allow"), `${method} ${pathname}`).toBeNull();
        }
      }
      expect((await send(null, "/settings", { method: "PUT", ...form })).headers.get("location")).toBe("/login?returnTo=%2Fsettings");
    });

    it("answers a user without the page as a GET does: the 404 page", async () => {
      const portalUser = (await signInAs(base, "portal")).browser;
      for (const [method, pathname] of [
        ["POST", "/transactions"],
        ["POST", "/admin/devices.csv"],
        ["DELETE", "/admin/devices"],
        ["PUT", "/admin/shopRegistration?trust=Y"],
        ["PATCH", "/admin"],
      ]) {
        const response = await send(portalUser, pathname, { method, ...form });
        expect(response.status, `${method} ${pathname}`).toBe(404);
        expect(response.headers.get("allow"), `${method} ${pathname}`).toBeNull();
        expect((await send(portalUser, pathname)).status, `GET ${pathname}`).toBe(404);
      }
      const page = await send(portalUser, "/transactions", { method: "POST", ...form });
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      expect(await page.text()).toContain(NOT_FOUND_MESSAGE);
    });

    it("answers a user with the page 405 with what the route allows, on the product's error page", async () => {
      const cases: Array<[string, string, string]> = [
        ["POST", "/home", "GET, HEAD"],
        ["POST", "/about", "GET, HEAD"],
        ["POST", "/api/health", "GET, HEAD"],
        ["POST", "/transactions.csv", "GET, HEAD"],
        ["DELETE", "/admin/devices.csv", "GET, HEAD"],
        ["PUT", "/settings", "GET, HEAD, POST"],
        ["PATCH", "/admin/devices?trust=Y", "GET, HEAD, POST"],
        ["DELETE", "/transactions/resend", "GET, HEAD, POST"],
      ];
      for (const [method, pathname, allow] of cases) {
        const response = await send(power, pathname, { method, ...form });
        expect(response.status, `${method} ${pathname}`).toBe(405);
        expect(response.headers.get("allow"), `${method} ${pathname}`).toBe(allow);
        expect(response.headers.get("content-type"), `${method} ${pathname}`).toMatch(/text\/html/);
        const html = await response.text();
        expect(html, `${method} ${pathname}`).toContain("405 Method Not Allowed");
        expect(html, `${method} ${pathname}`).toContain(`This address does not take ${method} requests; it answers ${allow}.`);
        // Inside the signed-in shell, as the 404 page is.
        expect(html, `${method} ${pathname}`).toMatch(/aria-label="[^"]*, user menu"/);
      }
      // The same asked as a script would (single fetch): 405 and Allow, in the data's own encoding.
      const data = await send(power, "/home.data", { method: "POST", ...form });
      expect(data.status).toBe(405);
      expect(data.headers.get("allow")).toBe("GET, HEAD");
      // Open to everyone: the signed-out get the 405 too, on the bare page.
      const open = await send(null, "/api/health", { method: "POST", ...form });
      expect(open.status).toBe(405);
      expect(open.headers.get("allow")).toBe("GET, HEAD");
      expect(await open.text()).toContain("405 Method Not Allowed");
    });

    it("leaves routes with an action alone", async () => {
      expect((await send(null, "/login", { method: "POST", body: "", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(302);
      expect((await send(null, "/settings", { method: "POST", body: "", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(302);
    });
  });

  describe("an expanded row whose id cannot name a record", () => {
    const GRIDS_KEYED_BY_NUMBER = [
      "/admin/shopRegistration",
      "/admin/configuration",
      "/admin/redshiftETLDashboard",
      "/admin/feedbackError",
      "/admin/providers",
      "/admin/devices",
    ];
    it("opens no row and is no fault, on every grid keyed by a number", async () => {
      const admin = (await signInAs(base, "admin")).browser;
      for (const path of GRIDS_KEYED_BY_NUMBER) {
        for (const id of ["abc", "1.5", "-1", "99999999999", "0x10"]) {
          const answer = await send(admin, `${path}?expanded=${encodeURIComponent(id)}`);
          expect([200, 302], `${path} expanded=${id}`).toContain(answer.status);
        }
      }
    });
  });

  describe("the log", () => {
    it("holds no error line and no stack for any of the client mistakes above, nor for ?_data", async () => {
      // Refused before Remix (decision 0021): Remix's pre-single-fetch data path answered 500 for a null loader.
      for (const path of ["/home?_data=routes%2F_shell.home", "/logout?_data=", "/logout?_data=routes%2Flogout", "/home.data?_data=root"]) {
        expect((await send(null, path)).status, path).toBe(400);
        expect((await send(power, path)).status, path).toBe(400);
      }
      expect((await send(null, "/home", { method: "OPTIONS" })).status).toBe(405);
      const requests = portal.server.logs.filter((line) => line.msg === "request");
      expect(requests.length).toBeGreaterThan(100);
      expect(requests.some((line) => line.status === 400)).toBe(true);
      expect(requests.some((line) => line.status === 405)).toBe(true);
      expect(requests.filter((line) => Number(line.status) >= 500)).toEqual([]);
      expect(portal.server.logs.filter((line) => line.level === "error")).toEqual([]);
      expect(portal.server.logs.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
      const refused = portal.server.logs.filter((line) => line.msg === "Request refused");
      expect(refused.length).toBeGreaterThan(0);
      for (const line of refused) expect(line.level).toBe("info");
    });

    it("still writes a server fault as an error with its stack", async () => {
      await sql`alter table scan_requests rename to scan_requests_away`.execute(portal.database.db);
      try {
        const response = await power.get(`${base}/transactions/${resendableId}`);
        expect(response.status).toBe(500);
      } finally {
        await sql`alter table scan_requests_away rename to scan_requests`.execute(portal.database.db);
      }
      await expect.poll(() => portal.server.logs.filter((line) => line.level === "error").length).toBeGreaterThan(0);
      const [fault] = portal.server.logs.filter((line) => line.level === "error");
      expect(fault.msg).toBe("Request failed on the server");
      expect(JSON.stringify(fault)).toContain('"stack"');
      expect((await power.get(`${base}/transactions/${resendableId}`)).status).toBe(200);
    });
  });
});
