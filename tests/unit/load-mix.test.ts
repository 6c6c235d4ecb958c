import { describe, expect, it } from "vitest";
import { ROUTE_POLICY } from "~/auth/route-policy";
import { LOAD_PROFILES, loadUsers } from "../../scripts/load/load-users";
import { FLOWS, LEFT_OUT, REQUEST_KINDS, type Answer, type HttpStep } from "../../scripts/load/mix";
import { flowsFor, mixProblems, routesInMix } from "../../scripts/load/route-access";
import { emptyPlan, type UserPlan } from "../../scripts/load/user-plan";
import { Random } from "../../seed/random";

/** The load's mix (scripts/load/mix.ts) against app/auth/route-policy.ts, and what each kind of user gets. */
describe("the load mix", () => {
  it("agrees with the route policy: every kind reaches a listed route by a method it answers, every route is in the mix or left out with a reason", () => {
    expect(mixProblems()).toEqual([]);
    const covered = new Set([...routesInMix(), ...Object.keys(LEFT_OUT)]);
    expect(ROUTE_POLICY.length).toBeGreaterThan(0);
    for (const policy of ROUTE_POLICY) expect(covered.has(policy.routeId), policy.routeId).toBe(true);
  });

  it("names a route that the policy does not list as a problem", () => {
    const kinds = REQUEST_KINDS as unknown as Record<string, { routeId: string }>;
    const saved = kinds.home.routeId;
    kinds.home.routeId = "routes/_shell.no-such-page";
    try {
      expect(mixProblems()).toContain("home: routes/_shell.no-such-page is not in ROUTE_POLICY");
    } finally {
      kinds.home.routeId = saved;
    }
  });

  it("gives each kind of user the flows the policy lets their roles make", () => {
    const ids = (profile: keyof typeof LOAD_PROFILES) => flowsFor(LOAD_PROFILES[profile]).map((flow) => flow.id);
    expect(ids("power")).toEqual(FLOWS.map((flow) => flow.id));
    expect(ids("admin")).toEqual(FLOWS.map((flow) => flow.id));
    // Provider-only users: everything but the Scan Results table (staff only in the demo configuration).
    expect(ids("provider")).toEqual(FLOWS.map((flow) => flow.id).filter((id) => id !== "scan-results"));
    // DIP_PORTAL alone opens no transaction page.
    expect(ids("portal")).toEqual(["home", "settings-time-zone", "my-account"]);
  });

  it("spreads the users over the four kinds, every kind present from four users on", () => {
    const users = loadUsers(50);
    expect(users).toHaveLength(50);
    const count = (profile: string) => users.filter((user) => user.profile.id === profile).length;
    expect([count("power"), count("provider"), count("admin"), count("portal")]).toEqual([20, 20, 5, 5]);
    expect(new Set(loadUsers(4).map((user) => user.profile.id)).size).toBe(4);
    expect(new Set(users.map((user) => user.login)).size).toBe(50);
    expect(new Set(users.map((user) => user.id)).size).toBe(50);
  });
});

function planWithEverything(): UserPlan {
  const plan = emptyPlan();
  plan.grids.transactions = ["/transactions?provider=1001"];
  plan.transactionsMenuLink = "/transactions";
  plan.details.transaction = ["/transactions/7?back=%2Ftransactions"];
  plan.resendable = [7];
  plan.bulkSelections = [{ ids: [7, 8], back: "/transactions?provider=1001" }];
  plan.timeZones = ["Europe/London"];
  return plan;
}

const page = (body: string, status = 200, headers: Answer["headers"] = {}): Answer => ({ status, body, headers });

/** Drives a flow's script with the given answers; returns the steps it sent and how it ended. */
function drive(flowId: string, answers: Answer[]): { steps: HttpStep[]; end: unknown } {
  const flow = FLOWS.find((candidate) => candidate.id === flowId);
  if (!flow) throw new Error(flowId);
  const script = flow.run(planWithEverything(), new Random("test"));
  const steps: HttpStep[] = [];
  let next = script.next();
  for (const answer of answers) {
    if (next.done) break;
    steps.push(next.value);
    next = script.next(answer);
  }
  return { steps, end: next.done ? next.value : "still running" };
}

describe("the flows", () => {
  it("Resend Results: the Status section, its form posted as rendered, then the detail view the answer redirects to, with its pop-up cookie", () => {
    const form =
      '<form method="post" action="/transactions/7/resend"><input type="hidden" name="kind" value="results"/><input type="hidden" name="token" value="t0k"/><input type="hidden" name="back" value="/transactions/7?tab=details&amp;section=status"/></form>';
    const redirect = page("", 302, { location: "/transactions/7?tab=details&section=status", "set-cookie": ["__flash=abc; Path=/; HttpOnly"] });
    const { steps, end } = drive("resend-results", [page(form), redirect, page("done")]);
    expect(steps.map((step) => `${step.method} ${step.path}`)).toEqual([
      "GET /transactions/7?tab=details&section=status",
      "POST /transactions/7/resend",
      "GET /transactions/7?tab=details&section=status",
    ]);
    expect(steps[0].readBody).toBe(true);
    expect(Object.fromEntries(steps[1].form ?? [])).toEqual({ kind: "results", token: "t0k", back: "/transactions/7?tab=details&section=status" });
    expect(steps[1].expect).toEqual([302]);
    expect(steps[2].cookies).toEqual(["__flash=abc"]);
    expect(end).toBeUndefined();
  });

  it("Resend Results ends with a failure when the detail view shows no form, and when the answer redirects elsewhere", () => {
    expect(drive("resend-results", [page("<p>no form</p>")]).end).toEqual({ failure: "transaction 7 showed no Resend Results form" });
    const form = '<form method="post" action="/transactions/7/resend"><input type="hidden" name="token" value="t"/></form>';
    expect(drive("resend-results", [page(form), page("", 302, { location: "/login" })]).end).toEqual({
      failure: "redirected to /login instead of /transactions/7",
    });
  });

  it("bulk resend: posts every selected id with the token and the first choice checked", () => {
    const form =
      '<form method="post" action="/transactions/resend?ids=7&amp;ids=8"><input type="hidden" name="ids" value="7"/><input type="hidden" name="ids" value="8"/><input type="hidden" name="token" value="tk"/></form>';
    const { steps } = drive("bulk-resend", [page(form), page("", 302, { location: "/transactions?provider=1001" }), page("grid")]);
    expect(steps[0].path).toBe("/transactions/resend?ids=7&ids=8&back=%2Ftransactions%3Fprovider%3D1001");
    expect(steps[1].path).toBe("/transactions/resend?ids=7&ids=8");
    expect(steps[1].form?.getAll("ids")).toEqual(["7", "8"]);
    expect(steps[1].form?.get("resendDiagnosticReport")).toBe("on");
    expect(steps[2].path).toBe("/transactions?provider=1001");
  });

  it("the menu link follows the redirect to the remembered query, and stops at a page", () => {
    expect(drive("transactions-menu", [page("", 302, { location: "/transactions?status=completed" }), page("grid")]).steps.map((step) => step.path)).toEqual([
      "/transactions",
      "/transactions?status=completed",
    ]);
    expect(drive("transactions-menu", [page("grid")]).steps).toHaveLength(1);
  });

  it("every flow is available on a plan that has what it needs, and none on an empty plan but the shell pages", () => {
    const full = planWithEverything();
    full.grids = {
      transactions: ["/transactions?a=1"],
      services: ["/transactions/services?a=1"],
      quotes: ["/transactions/quotes?a=1"],
      scanResults: ["/transactions/scanResults?a=1"],
    };
    full.details = { transaction: ["/transactions/7"], service: ["/transactions/services/7"], quote: ["/transactions/quotes/7"] };
    full.withDocuments = ["/transactions/7"];
    full.withReports = ["/transactions/7"];
    full.exports = { week: ["/transactions.csv?a=1"], quotes: ["/transactions/quotes.csv?a=1"], whole: ["/transactions.csv?from=2000-01-01"] };
    expect(FLOWS.filter((flow) => !flow.available(full)).map((flow) => flow.id)).toEqual([]);
    expect(FLOWS.filter((flow) => flow.available(emptyPlan())).map((flow) => flow.id)).toEqual(["home", "my-account"]);
  });
});
