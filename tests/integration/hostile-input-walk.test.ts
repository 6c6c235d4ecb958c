import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PROVIDER_ID, type DemoAccount } from "~/auth/demo-access";
import { ROUTE_POLICY, type RoutePolicy } from "~/auth/route-policy";
import { sessionCookie } from "~/auth/session-cookie.server";
import { createSession } from "~/auth/session-store.server";
import type { UserClaims } from "~/auth/user-claims";
import { LEGACY_DATA_REQUEST_ANSWER } from "~/http/remix-handler.server";
import { feedbackTopics } from "~/modules/feedback/feedback-topics.server";
import { FORM_BODY_MESSAGES } from "~/write-path/read-form.server";
import { testDialects } from "../support/databases";
import { formTarget, hostileActionRequest, hostilePageRequest, type HostileRequest, type Vocabulary } from "../support/hostile-input";
import { formsOf, formSubmissions, linksOf, VocabularyHarvest } from "../support/page-harvest";
import { startPortalInProcess, type PortalInProcess } from "../support/portal-in-process";
import { providerMarkers, rowsSeen, type ProviderMarkers } from "../support/provider-markers";
import { closeWireConnections, sendOnWire, type WireRequest } from "../support/wire-request";
import { ledgerChanges, portalTables, rowCounts, takeLedger, type Ledger } from "../support/write-ledger";

/**
 * The standing proof of issue 9: every route of the route policy table (app/auth/route-policy.ts)
 * is walked with generated hostile input, so a route added to the table is walked without being
 * listed here. Every entry gets hostile query strings (and forged ids in its path); every entry
 * with actions gets hostile bodies. Visitors: an administrator, the provider-only demo user, a
 * signed-in user without provider pages, and nobody signed in. For every request, and every page
 * a redirect leads to: no 5xx, no redirect to another origin, no row of another provider for the
 * provider-only user and no row at all for those who may see none. After the walk: no table
 * changed (write-ledger.ts) and the portal logged no error.
 *
 * FUZZ_RUNS sets the cases per route (shared among the visitors; default 8, `npm run fuzz` 1000),
 * FUZZ_SEED replays a run (the report prints the seed; a failure prints fast-check's own).
 */

const FUZZ_RUNS = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "", 10) || 8);
const FUZZ_SEED = Number.parseInt(process.env.FUZZ_SEED ?? "", 10) || (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0;
const ROUTE_TIMEOUT_MS = Math.max(120_000, FUZZ_RUNS * 2_000);

type RowRule = "own-provider-only" | "no-rows" | "any";

interface Visitor {
  name: string;
  claims: UserClaims | null;
  rows: RowRule;
}

function claimsOf(account: DemoAccount, twin = false): UserClaims {
  return {
    id: twin ? `walk-twin-${account.id}` : account.id,
    login: twin ? `walk-twin-${account.login}` : account.login,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    roles: [...account.roles],
    companyId: account.companyId,
  };
}

function account(login: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!found) throw new Error(`no demo account ${login}`);
  return found;
}

/** Pages are opened as the demo accounts themselves, with one session each for the whole walk. */
const STAFF: Visitor = { name: "admin", claims: claimsOf(account("admin")), rows: "any" };
const PAGE_VISITORS: readonly Visitor[] = [
  STAFF,
  { name: "provider", claims: claimsOf(account("provider")), rows: "own-provider-only" },
  { name: "portal", claims: claimsOf(account("portal")), rows: "no-rows" },
  { name: "signed-out", claims: null, rows: "no-rows" },
];

/**
 * Actions are sent as twins of the demo accounts (same roles and company, another user id), each
 * case with a session of its own: a logout ends its session and clears its user's remembered grid
 * queries by design, which must not touch the page walk's users.
 */
const ACTION_VISITORS: readonly Visitor[] = [
  { name: "admin", claims: claimsOf(account("admin"), true), rows: "any" },
  { name: "provider", claims: claimsOf(account("provider"), true), rows: "own-provider-only" },
  { name: "portal", claims: claimsOf(account("portal"), true), rows: "no-rows" },
  { name: "signed-out", claims: null, rows: "no-rows" },
];

const PAGE_ROUTES = ROUTE_POLICY;
const ACTION_ROUTES = ROUTE_POLICY.filter((route) => (route.actions?.length ?? 0) > 0);

interface Tally {
  kind: "page" | "action";
  cases: number;
  requests: number;
  statuses: Map<number, number>;
  families: Map<string, number>;
  /** For an action: the fields of its form that the bodies start from. */
  fields?: string;
}

/** Percent-escapes and `+` decoded where they are well formed, left as they are where not. */
function lenientDecode(text: string): string {
  return text.replace(/\+/g, " ").replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replace(/%/g, ""), "hex").toString("utf8"));
}

describe.each(testDialects)("hostile input on every route, on %s", (dialect) => {
  let portal: PortalInProcess;
  let markers: ProviderMarkers;
  let vocabulary: Vocabulary;
  let tables: string[];
  let ledgerBefore: Ledger;
  let countsBefore: Record<string, number>;
  const pageCookies = new Map<string, string>();
  const walkSessions = new Set<string>();
  const tallies = new Map<string, Tally>();
  let warmUpVisits = 0;
  let furtherVisits = 0;
  let ownRowsSeen = 0;
  let foreignRowsShownToStaff = 0;
  let startedAt = 0;
  let walkStartedAt = 0;

  async function newSession(claims: UserClaims): Promise<string> {
    const id = await createSession({
      claims,
      tokens: {
        accessToken: "walk-access-token",
        accessTokenExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        refreshToken: null,
        idToken: "walk-id-token",
      },
    });
    walkSessions.add(id);
    return (await sessionCookie().serialize(id)).split(";")[0];
  }

  function tally(route: RoutePolicy, kind: "page" | "action"): Tally {
    const key = `${kind} ${route.routeId}`;
    let entry = tallies.get(key);
    if (!entry) {
      entry = { kind, cases: 0, requests: 0, statuses: new Map(), families: new Map() };
      tallies.set(key, entry);
    }
    return entry;
  }

  /**
   * Sends one case and follows its redirects (as a browser would, up to three, never to /oidc):
   * each answer is checked. Returns the bodies' text for the warm-up's harvest.
   */
  async function visit(
    visitor: Visitor,
    cookie: string | null,
    request: HostileRequest | WireRequest,
    count: Tally | null,
  ): Promise<Array<{ path: string; body: string }>> {
    const origin = new URL(portal.base).origin;
    const withCookie = (headers: Record<string, string>) => (cookie ? { ...headers, Cookie: cookie } : headers);
    let current: WireRequest = { method: request.method, path: request.path, headers: withCookie(request.headers), body: request.body };
    let requestText = `${lenientDecode(request.path)} ${request.body && request.body.length < 300_000 ? lenientDecode(request.body.toString("utf8")) : ""}`;
    const bodies: Array<{ path: string; body: string }> = [];
    if (count) {
      count.cases += 1;
      const family = "family" in request ? request.family : "sample";
      count.families.set(family, (count.families.get(family) ?? 0) + 1);
    }
    for (let hop = 0; ; hop += 1) {
      const answer = await sendOnWire(portal.base, current);
      const where = `${visitor.name}: ${current.method} ${current.path.slice(0, 300)}`;
      if (count) {
        count.requests += 1;
        count.statuses.set(answer.status, (count.statuses.get(answer.status) ?? 0) + 1);
      }
      expect(answer.status, where).toBeLessThan(500);
      const text = answer.body.toString("utf8");
      bodies.push({ path: current.path, body: text });
      const seen = rowsSeen(text, requestText, markers, visitor.rows === "no-rows");
      if (visitor.rows === "any") {
        if (seen.forbidden.length > 0) foreignRowsShownToStaff += 1;
      } else {
        expect(seen.forbidden, `rows shown to ${where}`).toEqual([]);
        if (visitor.rows === "own-provider-only" && seen.own) ownRowsSeen += 1;
      }
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || !location) break;
      const target = new URL(location, portal.base);
      expect(target.origin, `redirect of ${where} to ${location}`).toBe(origin);
      if (hop >= 2 || target.pathname.startsWith("/oidc")) break;
      requestText += ` ${lenientDecode(target.pathname + target.search)}`;
      current = { method: "GET", path: `${target.pathname}${target.search}`, headers: withCookie({}) };
    }
    return bodies;
  }

  function runsPerVisitor(visitors: readonly Visitor[]): number {
    return Math.ceil(FUZZ_RUNS / visitors.length);
  }

  /** One seed per route, kind and visitor, all from FUZZ_SEED: visitors get different cases, and a run replays. */
  function seedFor(route: RoutePolicy, kind: string, visitor: Visitor): number {
    let hash = FUZZ_SEED;
    for (const char of `${kind} ${route.routeId} ${visitor.name}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
    return hash;
  }

  async function expectSameRowCounts(route: RoutePolicy): Promise<void> {
    expect(await rowCounts(portal.database, tables), `row counts after ${route.routeId}`).toEqual(countsBefore);
  }

  beforeAll(async () => {
    startedAt = Date.now();
    portal = await startPortalInProcess(dialect);
    markers = await providerMarkers(portal.database, DEMO_PROVIDER_ID);
    for (const visitor of PAGE_VISITORS) if (visitor.claims) pageCookies.set(visitor.name, await newSession(visitor.claims));
    // The twins' user rows exist before the ledger is taken; their sessions are the walk's own.
    for (const visitor of ACTION_VISITORS) if (visitor.claims) await newSession(visitor.claims);

    // Every page once as every visitor: the words the generators start from, and each grid's
    // remembered query, which must exist before the ledger (opening a grid stores it).
    const harvest = new VocabularyHarvest();
    const staffPages: Array<{ path: string; body: string }> = [];
    for (const route of PAGE_ROUTES) {
      for (const visitor of PAGE_VISITORS) {
        const cookie = pageCookies.get(visitor.name) ?? null;
        const pages = await visit(visitor, cookie, { method: "GET", path: route.samplePath, headers: {} }, null);
        for (const page of pages) harvest.add(page.body, portal.base, page.path);
        if (visitor === STAFF) staffPages.push(...pages);
        warmUpVisits += 1;
      }
    }
    // As staff, one step further: a few pages of each kind the sample pages link to (detail views,
    // with their resend buttons), and each GET form as its page fills it in (the bulk resend page
    // and its POST form), so that the bodies of every action start from its real form.
    const perShape = new Map<string, number>();
    const further = new Set<string>();
    const take = (path: string, max: number) => {
      const shape = formTarget(path.split("?")[0]);
      if ((perShape.get(shape) ?? 0) >= max || further.has(path)) return;
      perShape.set(shape, (perShape.get(shape) ?? 0) + 1);
      further.add(path);
    };
    for (const page of staffPages) {
      for (const form of formsOf(page.body, portal.base, page.path)) {
        if (form.method === "get") for (const query of formSubmissions(form, 8)) take(`${form.target}?${query}`, 8);
      }
      for (const link of linksOf(page.body, portal.base)) take(link, 8);
    }
    for (const path of further) {
      for (const page of await visit(STAFF, pageCookies.get(STAFF.name) ?? null, { method: "GET", path, headers: {} }, null))
        harvest.add(page.body, portal.base, page.path);
    }
    furtherVisits = further.size;
    vocabulary = harvest.vocabulary();
    tables = await portalTables(portal.database);
    ledgerBefore = await takeLedger(portal.database, walkSessions);
    countsBefore = await rowCounts(portal.database, tables);
    walkStartedAt = Date.now();
  }, 600_000);

  afterAll(async () => {
    closeWireConnections();
    await portal?.stop();
  });

  it("walks every route of the policy table, with rows to tell providers apart", () => {
    expect(PAGE_ROUTES.length).toBeGreaterThan(30);
    expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(7);
    expect(warmUpVisits).toBe(PAGE_ROUTES.length * PAGE_VISITORS.length);
    expect(furtherVisits).toBeGreaterThan(10);
    expect(markers.ownVins.size).toBeGreaterThan(0);
    expect(markers.foreignVins.size).toBeGreaterThan(0);
    expect(markers.ids.foreign.length).toBeGreaterThan(0);
    expect(markers.ids.own.length).toBeGreaterThan(0);
    expect(vocabulary.names.length).toBeGreaterThan(10);
    // Most actions have a form on some page, whose fields their bodies start from.
    const withForms = ACTION_ROUTES.filter((route) => (vocabulary.formFields.get(formTarget(route.samplePath.split("?")[0]))?.length ?? 0) > 0);
    expect(withForms.length).toBeGreaterThanOrEqual(ACTION_ROUTES.length / 2);
    expect(tables).toContain("audit_log");
    expect(tables.length).toBeGreaterThan(20);
  });

  it.each(PAGE_ROUTES)(
    "answers hostile query strings on $samplePath ($routeId)",
    async (route) => {
      const count = tally(route, "page");
      for (const visitor of PAGE_VISITORS) {
        const cookie = pageCookies.get(visitor.name) ?? null;
        await fc.assert(
          fc.asyncProperty(hostilePageRequest(route.samplePath, vocabulary, markers.ids), async (request) => {
            await visit(visitor, cookie, request, count);
          }),
          { numRuns: runsPerVisitor(PAGE_VISITORS), seed: seedFor(route, "page", visitor) },
        );
      }
      await expectSameRowCounts(route);
    },
    ROUTE_TIMEOUT_MS,
  );

  it.each(ACTION_ROUTES)(
    "answers hostile bodies on $samplePath ($routeId)",
    async (route) => {
      const count = tally(route, "action");
      count.fields = (vocabulary.formFields.get(formTarget(route.samplePath.split("?")[0])) ?? []).join(",") || "(none found)";
      for (const visitor of ACTION_VISITORS) {
        await fc.assert(
          fc.asyncProperty(hostileActionRequest(route.samplePath, vocabulary, markers.ids, portal.base), async (request) => {
            const cookie = visitor.claims ? await newSession(visitor.claims) : null;
            await visit(visitor, cookie, request, count);
            // Per case, so that a write fails with its body (shrunk by fast-check) as the counterexample.
            await expectSameRowCounts(route);
          }),
          { numRuns: runsPerVisitor(ACTION_VISITORS), seed: seedFor(route, "action", visitor) },
        );
      }
      await expectSameRowCounts(route);
    },
    ROUTE_TIMEOUT_MS,
  );

  /** What the walk found and app/ now answers (decision 0021), kept as fixed cases beside the generated ones. */
  describe("defects the walk found", () => {
    const admin = STAFF;
    const signedOut = PAGE_VISITORS[3];

    it.each([
      "/transactions?provider=1001&vin=%00",
      "/transactions.csv?vin=a%00b",
      "/transactions/scanResults?vin=%00",
      "/transactions/5/special-functions/SF%00",
    ])("refuses a NUL in the address (%s) with 400; PostgreSQL answered 500", async (path) => {
      expect((await sendOnWire(portal.base, { method: "GET", path, headers: { Cookie: pageCookies.get(admin.name) ?? "" } })).status).toBe(400);
    });

    it.each(["/logout?_data=", "/logout?_data=routes%2Flogout", "/home?_data=routes%2F_shell.home"])(
      "refuses a pre-single-fetch data request (%s) with 400; a loader returning null answered 500",
      async (path) => {
        for (const cookie of [pageCookies.get(admin.name) ?? "", ""]) {
          const answer = await sendOnWire(portal.base, { method: "GET", path, headers: cookie ? { Cookie: cookie } : {} });
          expect(answer.status).toBe(400);
          expect(answer.body.toString("utf8")).toBe(LEGACY_DATA_REQUEST_ANSWER);
        }
      },
    );

    it("refuses a form with a NUL with 400 and says why; on PostgreSQL a feedback with one was a 500", async () => {
      const [topic] = await feedbackTopics();
      expect(topic?.code).toBeTruthy();
      const cookie = await newSession(ACTION_VISITORS[0].claims as UserClaims);
      const body = Buffer.from(new URLSearchParams({ topic: topic.code, message: "a\u0000b" }).toString());
      const answer = await sendOnWire(portal.base, {
        method: "POST",
        path: "/feedback",
        headers: { Cookie: cookie, Origin: portal.base, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.toString("utf8")).toContain(`>${FORM_BODY_MESSAGES.nulCharacter}<`);
    });

    it("sends the signed-out to /login without a return path too long to follow; the Location was over 16 KiB", async () => {
      const answer = await sendOnWire(portal.base, { method: "GET", path: `/healthCheck?page=${"%2C".repeat(3000)}`, headers: {} });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe("/login");
      await visit(signedOut, null, { method: "GET", path: `/transactions/quotes/5?back=${"%2F".repeat(5000)}`, headers: {} }, null);
    });
  });

  it("wrote nothing, logged no error, and showed the provider-only user its own rows only", async () => {
    const covered = [...tallies.values()];
    expect(covered.filter((entry) => entry.kind === "page").length).toBe(PAGE_ROUTES.length);
    expect(covered.filter((entry) => entry.kind === "action").length).toBe(ACTION_ROUTES.length);
    for (const entry of covered) expect(entry.cases).toBeGreaterThanOrEqual(FUZZ_RUNS);
    // The detector can see rows: the provider-only user saw its own, staff saw other providers'.
    expect(ownRowsSeen).toBeGreaterThan(0);
    expect(foreignRowsShownToStaff).toBeGreaterThan(0);
    // The seed in the message, so that a failure seen once can be run again (FUZZ_SEED=...).
    const replay = `on ${dialect} with FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS}`;
    expect(ledgerChanges(ledgerBefore, await takeLedger(portal.database, walkSessions), walkSessions), `writes ${replay}`).toEqual([]);
    expect(
      portal.logs.filter((line) => line.level === "error").map((line) => `${line.msg} ${JSON.stringify(line.error ?? "")}`.slice(0, 500)),
      `errors logged ${replay}`,
    ).toEqual([]);
    printReport();
  });

  function printReport(): void {
    const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
    const lines = rows.map(([key, entry]) => {
      const statuses = [...entry.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}:${n}`)
        .join(" ");
      return `${key.padEnd(70)} cases ${String(entry.cases).padStart(6)}  requests ${String(entry.requests).padStart(6)}  ${statuses}${entry.fields ? `  form: ${entry.fields}` : ""}`;
    });
    const cases = rows.reduce((sum, [, entry]) => sum + entry.cases, 0);
    const requests = rows.reduce((sum, [, entry]) => sum + entry.requests, 0);
    const families = new Map<string, number>();
    for (const [, entry] of rows) for (const [family, n] of entry.families) families.set(family, (families.get(family) ?? 0) + n);
    const warnings = portal.logs.filter((line) => line.level === "warn").length;
    console.log(
      [
        `Hostile input walk on ${dialect}: ${cases} cases, ${requests} requests (redirects followed), ${rows.length} route entries, ` +
          `FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED}; start and warm-up (${warmUpVisits} sample pages, ${furtherVisits} linked) ${((walkStartedAt - startedAt) / 1000).toFixed(1)} s, walk ${((Date.now() - walkStartedAt) / 1000).toFixed(1)} s`,
        `Provider-only answers with its own rows: ${ownRowsSeen}; staff answers with other providers' rows: ${foreignRowsShownToStaff}; warnings logged: ${warnings}`,
        `Families: ${[...families.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([family, n]) => `${family} ${n}`)
          .join(", ")}`,
        ...lines,
      ].join("\n"),
    );
  }
});
