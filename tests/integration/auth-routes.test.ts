import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_POLICY, type RoutePolicy } from "~/auth/route-policy";
import { Browser, location } from "../support/http-browser";
import { signInAs, signInUpToCallback } from "../support/portal-sign-in";
import { startServer, type RunningServer } from "../support/server-process";

/**
 * Sign-in, sessions and page permissions through the real built server and its real identity
 * provider, over HTTP, as a browser without JavaScript would.
 */

type Role = "signedOut" | "portal" | "provider" | "power" | "admin";
const ROLES: Role[] = ["signedOut", "portal", "provider", "power", "admin"];
/** "200", "404", "login" (sent to sign in), "405", or "→/path" (a redirect there). */
type Outcome = string;

const EXPECTED_GET: Record<string, Record<Role, Outcome>> = {
  "routes/_index": { signedOut: "login", portal: "→/home", provider: "→/transactions", power: "→/transactions", admin: "→/transactions" },
  "routes/login": { signedOut: "→/oidc/auth", portal: "→/home", provider: "→/transactions", power: "→/transactions", admin: "→/transactions" },
  "routes/callback": { signedOut: "→/login", portal: "→/login", provider: "→/login", power: "→/login", admin: "→/login" },
  "routes/logout": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/api.keep-alive": { signedOut: "405", portal: "405", provider: "405", power: "405", admin: "405" },
  "routes/api.health": { signedOut: "200", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/api.ready": { signedOut: "200", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/$": { signedOut: "404", portal: "404", provider: "404", power: "404", admin: "404" },
  "routes/_shell": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.home": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.alerts": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.myAccount": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.settings": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.feedback": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.healthCheck": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.about": { signedOut: "login", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/api.build-info": { signedOut: "401", portal: "200", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions_.resend": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.dashboard": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.dashboard._index": { signedOut: "login", portal: "404", provider: "→/dashboard/kpi", power: "→/dashboard/kpi", admin: "→/dashboard/kpi" },
  "routes/_shell.dashboard.kpi": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.dashboard.kpi_.shopList": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/dashboard.kpi.figures[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/dashboard.kpi.map[.]json": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/dashboard.kpi.shopList[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.dashboard.adoptionReport": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/dashboard.adoptionReport[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions._index": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions.services": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions.quotes": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions_.$id.resend": { signedOut: "login", portal: "404", provider: "405", power: "405", admin: "405" },
  "routes/_shell.transactions_.$id_.reports.$reportId": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.$id.reports.$reportId.file": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.$id.special-functions.$scriptNumber": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions_.$id": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions_.services.$id": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions_.quotes.$id": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions_.documents.$documentId": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.documents.$documentId.download": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.documents.$documentId.formatted": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.quotes.$id.attachments.$attachmentId": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.services[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/transactions.quotes[.]csv": { signedOut: "login", portal: "404", provider: "200", power: "200", admin: "200" },
  "routes/_shell.transactions.scanResults": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/transactions.scanResults[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin._index": { signedOut: "login", portal: "404", provider: "404", power: "→/admin/userroles", admin: "→/admin/userroles" },
  "routes/_shell.admin.userroles": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.userroles[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.userroles_.assign": { signedOut: "login", portal: "404", provider: "404", power: "404", admin: "200" },
  "routes/_shell.admin.applications": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.applications[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.applications_.assign": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.shopRegistration": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.shopRegistration[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.feedbackError": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.feedbackError[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  // Record 1's first file is file 1 in the demo data.
  "routes/admin.feedbackError.$errorId.files.$fileId": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.devtools": { signedOut: "login", portal: "404", provider: "404", power: "404", admin: "200" },
  "routes/_shell.admin.providers": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.providers[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.providers_.new": { signedOut: "login", portal: "404", provider: "404", power: "404", admin: "200" },
  "routes/admin.providers.$id.logo": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.configuration": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.configuration[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.configuration_.new": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.devices": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.devices[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.activity": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.activity[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.redshiftETLDashboard": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/admin.redshiftETLDashboard[.]csv": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
  "routes/_shell.admin.redshiftETLDashboard_.new": { signedOut: "login", portal: "404", provider: "404", power: "200", admin: "200" },
};

/**
 * A method the route does not answer (decision 0063): POST where the route has no action, PUT where
 * its actions take POST only. A user who may not open the page gets what a GET gets (the sign-in
 * redirect, the 404 page, build-info's 401); a user who may, 405 with Allow on the HTML error page.
 */
function unansweredMethodOf(route: RoutePolicy): string {
  return takesPost(route) ? "PUT" : "POST";
}

/** A layout whose sample path is a page of its with an action (User Roles). */
const SAMPLE_TAKES_POST = new Set(["routes/_shell.admin"]);

function takesPost(route: RoutePolicy): boolean {
  return Boolean(route.actions) || SAMPLE_TAKES_POST.has(route.routeId);
}

function expectedUnanswered(route: RoutePolicy, role: Role): Outcome {
  const get = EXPECTED_GET[route.routeId][role];
  // The catch-all answers every method itself: the 404 page.
  if (route.routeId === "routes/$") return get;
  // Its GET is a 405 of its own (POST only): what the signed-out, who may not use it, get.
  if (route.routeId === "routes/api.keep-alive" && role === "signedOut") return "405 POST";
  const refused = `405 GET, HEAD${takesPost(route) ? ", POST" : ""} html`;
  return ["login", "404", "401"].includes(get) ? get : refused;
}

async function methodOutcomeOf(response: Response): Promise<Outcome> {
  if (response.status !== 405) return outcomeOf(response);
  const html = /text\/html/.test(response.headers.get("content-type") ?? "") && (await response.text()).includes("405 Method Not Allowed");
  return `405 ${response.headers.get("allow") ?? "(no Allow)"}${html ? " html" : ""}`;
}

let server: RunningServer;
let base: string;
let dataDir: string;
const browsers = {} as Record<Role, Browser>;
const landings = {} as Record<Role, string>;

function sqlite(): SQLite.Database {
  return new SQLite(path.join(dataDir, "portal.sqlite"));
}

function outcomeOf(response: Response): Outcome {
  if (response.status >= 300 && response.status < 400) {
    const target = location(response, base);
    if (target.pathname === "/login" && target.search.includes("returnTo")) return "login";
    if (target.pathname === "/login" && response.url.endsWith("/") && target.search === "") return "login";
    return `→${target.pathname}`;
  }
  return String(response.status);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-auth-"));
  server = await startServer({ DATA_DIR: dataDir, SEED_SCALE: "200" });
  base = server.url.replace("127.0.0.1", "localhost");
  browsers.signedOut = new Browser();
  for (const role of ["portal", "provider", "power", "admin"] as const) {
    const signedIn = await signInAs(base, role);
    browsers[role] = signedIn.browser;
    landings[role] = signedIn.landing;
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("sign-in through the built-in identity provider", () => {
  it("lands on transactions when allowed to see them, else on home", () => {
    expect(landings).toEqual({ portal: "/home", provider: "/transactions", power: "/transactions", admin: "/transactions" });
  });

  it("sets a session cookie that is HttpOnly, SameSite=Lax, host-wide and not readable by scripts", async () => {
    const { browser, callbackUrl } = await signInUpToCallback(base, "power");
    const response = await browser.get(callbackUrl.href);
    const sessionCookie = response.headers.getSetCookie().find((line) => line.startsWith("__portal_session="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).toMatch(/; Path=\//i);
    expect(sessionCookie).not.toMatch(/; Secure/i); // served over http here; Secure over https
  });

  it("leaves the browser no sign-in state cookie after the callback, whether the sign-in succeeds or fails", async () => {
    const stateCookies = (browser: Browser) => browser.cookieNames().filter((name) => name.startsWith("__portal_oauth"));
    const { browser, callbackUrl } = await signInUpToCallback(base, "power");
    expect(stateCookies(browser)).toEqual([expect.stringMatching(/^__portal_oauth:[\w-]+$/)]);
    expect(outcomeOf(await browser.get(callbackUrl.href))).toBe("→/transactions");
    expect(stateCookies(browser)).toEqual([]);

    // A code the identity provider does not know: refused, and the state cookie goes all the same.
    const failing = await signInUpToCallback(base, "power");
    const badCode = new URL(failing.callbackUrl);
    badCode.searchParams.set("code", "not-a-code");
    expect(outcomeOf(await failing.browser.get(badCode.href))).toBe("→/login");
    expect(stateCookies(failing.browser)).toEqual([]);
  });

  it("comes back to the page and query that asked for sign-in", async () => {
    const asked = await new Browser().get(`${base}/logout?from=grid`);
    expect(location(asked, base).href).toBe(`${base}/login?returnTo=${encodeURIComponent("/logout?from=grid")}`);
    const { landing } = await signInAs(base, "portal", "/logout?from=grid");
    expect(landing).toBe("/logout?from=grid");
  });
});

describe("route x role matrix", () => {
  it("has an expectation for every route in the policy table", () => {
    expect(Object.keys(EXPECTED_GET).sort()).toEqual(ROUTE_POLICY.map((route) => route.routeId).sort());
  });

  for (const route of ROUTE_POLICY) {
    it(`GET ${route.samplePath} (${route.routeId})`, async () => {
      const outcomes = {} as Record<Role, Outcome>;
      for (const role of ROLES) outcomes[role] = outcomeOf(await browsers[role].get(`${base}${route.samplePath}`));
      expect(outcomes).toEqual(EXPECTED_GET[route.routeId]);
    });
  }

  for (const route of ROUTE_POLICY) {
    const method = unansweredMethodOf(route);
    it(`${method} ${route.samplePath} (${route.routeId}), a method the route does not answer`, async () => {
      const outcomes = {} as Record<Role, Outcome>;
      for (const role of ROLES) {
        const body = new URLSearchParams({ a: "1" });
        outcomes[role] = await methodOutcomeOf(await browsers[role].request(`${base}${route.samplePath}`, { method, body }));
      }
      expect(outcomes).toEqual(Object.fromEntries(ROLES.map((role) => [role, expectedUnanswered(route, role)])));
    });
  }

  it("POST /api/keep-alive: 204 signed in, 401 signed out", async () => {
    expect((await browsers.signedOut.post(`${base}/api/keep-alive`, {})).status).toBe(401);
    expect((await browsers.portal.post(`${base}/api/keep-alive`, {})).status).toBe(204);
  });

  it("without a usable REQUIRED_ROLES_FOR_PAGES only home, main, login and the 404 page are open", async () => {
    const db = sqlite();
    const original = db.prepare("select config_value from configurations where config_key = 'REQUIRED_ROLES_FOR_PAGES'").get() as { config_value: string };
    try {
      for (const broken of ["not json", JSON.stringify({ pageName: "x" })]) {
        db.prepare("update configurations set config_value = ? where config_key = 'REQUIRED_ROLES_FOR_PAGES'").run(broken);
        expect(outcomeOf(await browsers.admin.get(`${base}/`))).toBe("→/home");
        expect(outcomeOf(await browsers.admin.get(`${base}/login`))).toBe("→/home");
        expect(outcomeOf(await browsers.admin.get(`${base}/no-such-page`))).toBe("404");
        expect(outcomeOf(await browsers.admin.get(`${base}/home`))).toBe("200");
        expect(outcomeOf(await browsers.admin.get(`${base}/myAccount`))).toBe("404");
        expect(outcomeOf(await browsers.provider.get(`${base}/settings`))).toBe("404");
      }
      db.prepare("delete from configurations where config_key = 'REQUIRED_ROLES_FOR_PAGES'").run();
      expect(outcomeOf(await browsers.power.get(`${base}/`))).toBe("→/home");
    } finally {
      db.prepare("delete from configurations where config_key = 'REQUIRED_ROLES_FOR_PAGES'").run();
      db.prepare(
        `insert into configurations (config_key, config_value_type, config_value, is_active, created_date_time, updated_date_time)
         values ('REQUIRED_ROLES_FOR_PAGES', 'JSON', ?, 1, ?, ?)`,
      ).run(original.config_value, new Date().toISOString(), new Date().toISOString());
      db.close();
    }
    expect(outcomeOf(await browsers.admin.get(`${base}/`))).toBe("→/transactions");
  });
});

describe("the dashboard area by either of its tabs' pages (decision 0057)", () => {
  /** A copy of the portal demo account whose roles are DIP_PORTAL and a role granted one page only. */
  function grantOnly(login: string, role: string, pageName: string) {
    const db = sqlite();
    try {
      const columns = "first_name, last_name, email, ldapdn, status, company_id, password_hash, created, last_updated";
      db.prepare(`insert into users (id, login, dloedrprole, ${columns}) select ?, ?, ?, ${columns} from users where login = 'portal'`).run(
        `u-${login}`,
        login,
        JSON.stringify(["DIP_PORTAL", role]),
      );
      const where = "config_key = 'REQUIRED_ROLES_FOR_PAGES' and coalesce(config_group_value, '') = ''";
      const pages = JSON.parse((db.prepare(`select config_value as value from configurations where ${where}`).get() as { value: string }).value) as Array<{
        pageName: string;
        requiredRoles: string[];
      }>;
      pages.find((entry) => entry.pageName === pageName)?.requiredRoles.push(role);
      db.prepare(`update configurations set config_value = ? where ${where}`).run(JSON.stringify(pages));
    } finally {
      db.close();
    }
  }

  it("takes a reports-only user from /dashboard to the report (200, its CSV too) and refuses the KPI Dashboard; a dashboard-only user gets no Adoption tab and no report", async () => {
    grantOnly("reports-only", "AUTH_REPORTS_ONLY", "reports");
    grantOnly("dashboard-only", "AUTH_DASHBOARD_ONLY", "dashboard");
    const reports = (await signInAs(base, "reports-only")).browser;
    expect(outcomeOf(await reports.get(`${base}/dashboard`))).toBe("→/dashboard/adoptionReport");
    const report = await reports.get(`${base}/dashboard/adoptionReport?provider=1001`);
    expect(report.status).toBe(200);
    const page = await report.text();
    expect(page).toContain('href="/dashboard/adoptionReport"');
    expect(page).not.toContain('href="/dashboard/kpi"');
    const csv = await reports.get(`${base}/dashboard/adoptionReport.csv?provider=1001`);
    expect(csv.status).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toContain("Shop Name");
    expect(outcomeOf(await reports.get(`${base}/dashboard/kpi?provider=1001`))).toBe("404");
    expect(outcomeOf(await reports.get(`${base}/dashboard/kpi/shopList.csv?provider=1001`))).toBe("404");

    const dashboard = (await signInAs(base, "dashboard-only")).browser;
    expect(outcomeOf(await dashboard.get(`${base}/dashboard`))).toBe("→/dashboard/kpi");
    const kpi = await dashboard.get(`${base}/dashboard/kpi?provider=1001`);
    expect(kpi.status).toBe(200);
    expect(await kpi.text()).not.toContain('href="/dashboard/adoptionReport"');
    expect(outcomeOf(await dashboard.get(`${base}/dashboard/adoptionReport?provider=1001`))).toBe("404");
    expect(outcomeOf(await dashboard.get(`${base}/dashboard/adoptionReport.csv?provider=1001`))).toBe("404");
  });
});

describe("session rules, enforced on the server", () => {
  function sessionCount(): number {
    const db = sqlite();
    try {
      return (db.prepare("select count(*) as n from sessions").get() as { n: number }).n;
    } finally {
      db.close();
    }
  }

  async function freshSession(login: string) {
    const { browser } = await signInAs(base, login);
    const db = sqlite();
    const row = db.prepare("select * from sessions order by created_at desc limit 1").get() as {
      id: string;
      refresh_token: string;
      access_token: string;
      id_token: string;
    };
    db.close();
    return { browser, row };
  }

  it("signs out after more than 110 minutes without activity", async () => {
    const { browser, row } = await freshSession("portal");
    const db = sqlite();
    db.prepare("update sessions set last_activity_at = ? where id = ?").run(new Date(Date.now() - 111 * 60_000).toISOString(), row.id);
    db.close();
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("login");
    const check = sqlite();
    expect(check.prepare("select count(*) as n from sessions where id = ?").get(row.id)).toEqual({ n: 0 });
    check.close();
  });

  it("stays signed in at 109 minutes without activity", async () => {
    const { browser, row } = await freshSession("portal");
    const db = sqlite();
    db.prepare("update sessions set last_activity_at = ? where id = ?").run(new Date(Date.now() - 109 * 60_000).toISOString(), row.id);
    db.close();
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("→/home");
  });

  it("renews a token close to expiry once, even under concurrent requests", async () => {
    const { browser, row } = await freshSession("admin");
    const expireSoon = () => {
      const db = sqlite();
      db.prepare("update sessions set access_token_expires_at = ? where id = ?").run(new Date(Date.now() + 60_000).toISOString(), row.id);
      db.close();
    };
    expireSoon();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => browser.get(`${base}/`).then(outcomeOf)));
    expect(outcomes).toEqual(Array(6).fill("→/transactions"));
    const db = sqlite();
    const after = db.prepare("select refresh_token, access_token, access_token_expires_at from sessions where id = ?").get(row.id) as {
      refresh_token: string;
      access_token: string;
      access_token_expires_at: string;
    };
    db.close();
    expect(after.refresh_token).not.toBe(row.refresh_token);
    expect(after.access_token).not.toBe(row.access_token);
    expect(Date.parse(after.access_token_expires_at)).toBeGreaterThan(Date.now() + 3000_000);
    // Had the rotated token been used twice, the identity provider would have revoked the grant
    // and this second renewal would fail and sign the user out.
    expireSoon();
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("→/transactions");
  });

  it("signs out when the renewal fails", async () => {
    const { browser, row } = await freshSession("power");
    const db = sqlite();
    db.prepare("update sessions set refresh_token = 'not-a-refresh-token', access_token_expires_at = ? where id = ?").run(
      new Date(Date.now() + 30_000).toISOString(),
      row.id,
    );
    db.close();
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("login");
    expect(outcomeOf(await browser.get(`${base}/logout`))).toBe("login");
  });

  it("counts a tampered session cookie as signed out", async () => {
    const { browser } = await freshSession("admin");
    const header = browser.cookieHeader("/").replace(/__portal_session=([^;]*)/, (_match, value: string) => `__portal_session=${value.slice(0, -3)}abc`);
    const response = await fetch(`${base}/`, { headers: { Cookie: header }, redirect: "manual" });
    expect(outcomeOf(response)).toBe("login");
  });

  it("makes no session from a callback whose state does not match, or from a replayed one", async () => {
    const before = sessionCount();
    const { browser, callbackUrl } = await signInUpToCallback(base, "provider");
    const stranger = new Browser();
    expect(outcomeOf(await stranger.get(callbackUrl.href))).toBe("→/login");
    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", "forged-state");
    expect(outcomeOf(await browser.get(forged.href))).toBe("→/login");
    expect(sessionCount()).toBe(before);

    // The real callback, captured as sent, then replayed.
    const { browser: second, callbackUrl: secondCallback } = await signInUpToCallback(base, "provider");
    const cookiesAsSent = second.cookieHeader("/callback");
    expect(outcomeOf(await second.get(secondCallback.href))).toBe("→/transactions");
    expect(sessionCount()).toBe(before + 1);
    const replay = await fetch(secondCallback.href, { headers: { Cookie: cookiesAsSent }, redirect: "manual" });
    expect(outcomeOf(replay)).toBe("→/login");
    expect(sessionCount()).toBe(before + 1);
  });

  it("explains a refused sign-in on /login with the pop-up dialog, once", async () => {
    const browser = new Browser();
    const refused = await browser.get(`${base}/callback?state=unknown&code=whatever`);
    expect(outcomeOf(refused)).toBe("→/login");
    const page = await (await browser.get(`${base}/login`)).text();
    expect(page).toContain("Sign in failed!");
    expect(page).toContain("The sign-in could not be completed. Please sign in again.");
    const again = await (await browser.get(`${base}/login`)).text();
    expect(again).not.toContain("Sign in failed!");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "%252F%252Fevil.example",
    "http:%2F%2Fevil.example",
  ])("never sends a signed-in user to the hostile target %s", async (target) => {
    const response = await browsers.admin.get(`${base}/login?returnTo=${encodeURIComponent(target)}`);
    expect(location(response, base).href).toBe(`${base}/transactions`);
  });

  it("ignores a hostile target across a whole sign-in", async () => {
    const { landing } = await signInAs(base, "portal", "//evil.example/steal");
    expect(landing).toBe("/home");
  });

  it("refuses a cross-site POST with 403 and changes nothing", async () => {
    const { browser, row } = await freshSession("portal");
    const headers = { Cookie: browser.cookieHeader("/"), "Content-Type": "application/x-www-form-urlencoded" };
    const viaOrigin = await fetch(`${base}/logout`, { method: "POST", headers: { ...headers, Origin: "https://evil.example" }, redirect: "manual" });
    expect(viaOrigin.status).toBe(403);
    const viaFetchSite = await fetch(`${base}/logout`, { method: "POST", headers: { ...headers, "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(viaFetchSite.status).toBe(403);
    const db = sqlite();
    expect(db.prepare("select count(*) as n from sessions where id = ?").get(row.id)).toEqual({ n: 1 });
    db.close();
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("→/home");
  });

  it("logs out only on POST: the session row goes and the identity provider's session ends", async () => {
    const { browser, row } = await freshSession("portal");
    expect(outcomeOf(await browser.get(`${base}/logout`))).toBe("200");
    const response = await browser.post(`${base}/logout`, {});
    const target = location(response, base);
    expect(target.pathname).toBe("/oidc/session/end");
    expect(target.searchParams.get("post_logout_redirect_uri")).toBe(`${base}/login`);
    const db = sqlite();
    expect(db.prepare("select count(*) as n from sessions where id = ?").get(row.id)).toEqual({ n: 0 });
    db.close();
    const ended = await browser.get(target.href);
    expect(location(ended, base).pathname).toBe("/login");
    expect(outcomeOf(await browser.get(`${base}/`))).toBe("login");
  });

  it("never puts a token in a page or a loader response", async () => {
    const { browser, row } = await freshSession("admin");
    const paths = ["/logout", "/logout.data", "/login?returnTo=%2Flogout", "/api/health"];
    for (const pathname of paths) {
      const body = await (await browser.get(`${base}${pathname}`)).text();
      for (const token of [row.access_token, row.refresh_token, row.id_token]) expect(body).not.toContain(token);
    }
    const logged = JSON.stringify(server.logs);
    for (const token of [row.access_token, row.refresh_token, row.id_token]) expect(logged).not.toContain(token);
  });
});
