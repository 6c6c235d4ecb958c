import { linksTo, postForm } from "./html";
import type { UserPlan } from "./user-plan";
import { REPORT_UNAVAILABLE } from "../../app/modules/transaction-results/report-files";
import type { Random } from "../../seed/random";

/**
 * The load's mix: the kinds of request (one row each in the results), and the user actions
 * ("flows") that make them, with their weights. A flow is what a browser without JavaScript
 * sends for one action: one page, or a chain such as a detail view, its Resend Results form and
 * the page the answer redirects to. Every kind names the route it reaches; tests/unit/load-mix.test.ts
 * checks each against app/auth/route-policy.ts, and a user only gets the flows whose routes the
 * policy lets their roles open (route-access.ts).
 *
 * Adding a screen (the admin and dashboard areas): add its kinds here, a flow that reaches them
 * (and what it needs to the plan, plan-browser.ts), and take its routes off LEFT_OUT.
 */

/** page: its p95 must stay under the page target; download: reported (a CSV takes as long as its rows). */
export type Budget = "page" | "download";

export interface RequestKind {
  label: string;
  /** The route module the request reaches, as ROUTE_POLICY names it. */
  routeId: string;
  method: "GET" | "POST";
  budget: Budget;
}

const page = (label: string, routeId: string, method: "GET" | "POST" = "GET"): RequestKind => ({ label, routeId, method, budget: "page" });
const download = (label: string, routeId: string): RequestKind => ({ label, routeId, method: "GET", budget: "download" });

export const REQUEST_KINDS = {
  transactionsGrid: page("Transactions grid", "routes/_shell.transactions._index"),
  servicesGrid: page("Services grid", "routes/_shell.transactions.services"),
  quotesGrid: page("Quotes grid", "routes/_shell.transactions.quotes"),
  scanResults: page("Scan Results table", "routes/_shell.transactions.scanResults"),
  transactionDetail: page("Transaction details", "routes/_shell.transactions_.$id"),
  serviceDetail: page("Service details", "routes/_shell.transactions_.services.$id"),
  quoteDetail: page("Quote details", "routes/_shell.transactions_.quotes.$id"),
  workflowDocument: page("Workflow document", "routes/_shell.transactions_.documents.$documentId"),
  reportPreview: page("Report preview", "routes/_shell.transactions_.$id_.reports.$reportId"),
  reportFile: download("Report file (in the preview)", "routes/transactions.$id.reports.$reportId.file"),
  transactionsCsv: download("CSV export, a week", "routes/transactions[.]csv"),
  wholeTableCsv: download("CSV export, every row", "routes/transactions[.]csv"),
  quotesCsv: download("CSV export, quotes", "routes/transactions.quotes[.]csv"),
  singleResend: page("Resend Results (POST)", "routes/transactions_.$id.resend", "POST"),
  bulkResendForm: page("Available Actions (bulk resend form)", "routes/_shell.transactions_.resend"),
  bulkResend: page("Bulk resend (POST)", "routes/_shell.transactions_.resend", "POST"),
  home: page("Home", "routes/_shell.home"),
  settings: page("Settings", "routes/_shell.settings"),
  settingsSave: page("Settings: save the time zone (POST)", "routes/_shell.settings", "POST"),
  myAccount: page("My Account", "routes/_shell.myAccount"),
} as const satisfies Record<string, RequestKind>;

export type KindId = keyof typeof REQUEST_KINDS;

/** One request of a flow. */
export interface HttpStep {
  kind: KindId;
  method: "GET" | "POST";
  /** Path and query. */
  path: string;
  /** A POST's form fields (sent as application/x-www-form-urlencoded). */
  form?: URLSearchParams;
  /** The statuses that count as success. */
  expect: readonly number[];
  /** The flow reads the body: it is asked for without compression. */
  readBody?: boolean;
  /** Cookies the previous answer set (name=value), sent with this request only: the pop-up's flash. */
  cookies?: readonly string[];
}

export interface Answer {
  status: number;
  body: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

/** A flow ends by itself, or with the reason it could not go on (counted as an error). */
export type FlowEnd = void | { failure: string };
export type FlowScript = Generator<HttpStep, FlowEnd, Answer>;

export interface Flow {
  id: string;
  label: string;
  /** Relative share of user actions. */
  weight: number;
  /** Every kind the flow may send (for the route checks). */
  kinds: readonly KindId[];
  /** Whether the plan holds what the flow needs (false for a user who may not go there). */
  available(plan: UserPlan): boolean;
  run(plan: UserPlan, random: Random): FlowScript;
}

const OK = [200] as const;
const REDIRECT = [302] as const;

function get(kind: KindId, path: string, options: { expect?: readonly number[]; readBody?: boolean; cookies?: readonly string[] } = {}): HttpStep {
  return { kind, method: "GET", path, expect: options.expect ?? OK, readBody: options.readBody, cookies: options.cookies };
}

function post(kind: KindId, path: string, form: URLSearchParams): HttpStep {
  return { kind, method: "POST", path, form, expect: REDIRECT };
}

function header(answer: Answer, name: string): string[] {
  const value = answer.headers[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The cookies an answer sets, as name=value (ones it clears are left out). */
export function setCookies(answer: Answer): string[] {
  return header(answer, "set-cookie")
    .map((line) => line.split(";")[0].trim())
    .filter((pair) => pair.includes("=") && !pair.endsWith("="));
}

/** The page a redirect sends the browser to, with the cookies it set (a redirect elsewhere is a failure). */
function follow(kind: KindId, answer: Answer, expectedPath: string): HttpStep | { failure: string } {
  const location = header(answer, "location")[0];
  if (!location) return { failure: `${REQUEST_KINDS[kind].label}: a redirect without a Location` };
  const target = new URL(location, "http://portal.invalid");
  if (target.pathname !== expectedPath) return { failure: `redirected to ${target.pathname} instead of ${expectedPath}` };
  return get(kind, `${target.pathname}${target.search}`, { cookies: setCookies(answer) });
}

/** The transaction detail tabs a user opens (the grid's link opens the first). */
const TRANSACTION_TABS = [
  "",
  "?tab=details&section=status",
  "?tab=details&section=logs",
  "?tab=results&section=results",
  "?tab=reports&section=reports",
  "?tab=invoice&section=information",
];

const pathOf = (href: string) => href.split("?")[0];

function single(id: string, label: string, weight: number, kind: KindId, urls: (plan: UserPlan) => readonly string[]): Flow {
  return {
    id,
    label,
    weight,
    kinds: [kind],
    available: (plan) => urls(plan).length > 0,
    *run(plan, random) {
      yield get(kind, random.pick(urls(plan)));
    },
  };
}

export const FLOWS: readonly Flow[] = [
  single("transactions-grid", "Transactions grid with filters, sorting or paging", 26, "transactionsGrid", (plan) => plan.grids.transactions),
  {
    id: "transactions-menu",
    label: "Transactions from the menu (the remembered query)",
    weight: 6,
    kinds: ["transactionsGrid"],
    available: (plan) => plan.transactionsMenuLink !== null,
    *run(plan) {
      const link = plan.transactionsMenuLink ?? "";
      const first = yield get("transactionsGrid", link, { expect: [200, 302] });
      if (first.status !== 302) return;
      const next = follow("transactionsGrid", first, link);
      if ("failure" in next) return next;
      yield next;
    },
  },
  single("services-grid", "Services grid", 5, "servicesGrid", (plan) => plan.grids.services),
  single("quotes-grid", "Quotes grid", 4, "quotesGrid", (plan) => plan.grids.quotes),
  single("scan-results", "Scan Results table", 3, "scanResults", (plan) => plan.grids.scanResults),
  {
    id: "transaction-detail",
    label: "Transaction details, one of its tabs",
    weight: 15,
    kinds: ["transactionDetail"],
    available: (plan) => plan.details.transaction.length > 0,
    *run(plan, random) {
      const link = random.pick(plan.details.transaction);
      const tab = random.pick(TRANSACTION_TABS);
      yield get("transactionDetail", tab === "" ? link : `${pathOf(link)}${tab}`);
    },
  },
  single("service-detail", "Service details", 5, "serviceDetail", (plan) => plan.details.service),
  single("quote-detail", "Quote details", 4, "quoteDetail", (plan) => plan.details.quote),
  {
    id: "workflow-document",
    label: "A workflow document from the Workflow Logs",
    weight: 4,
    kinds: ["transactionDetail", "workflowDocument"],
    available: (plan) => plan.withDocuments.length > 0,
    *run(plan, random) {
      const logs = yield get("transactionDetail", `${random.pick(plan.withDocuments)}?tab=details&section=logs`, { readBody: true });
      const documents = linksTo(logs.body, /^\/transactions\/documents\/\d+$/);
      if (documents.length === 0) return { failure: "the Workflow Logs listed no document" };
      yield get("workflowDocument", random.pick(documents));
    },
  },
  {
    id: "report",
    label: "A report: the Reports tab, the preview and its file",
    weight: 3,
    kinds: ["transactionDetail", "reportPreview", "reportFile"],
    available: (plan) => plan.withReports.length > 0,
    *run(plan, random) {
      const detail = random.pick(plan.withReports);
      const reports = yield get("transactionDetail", `${detail}?tab=reports&section=reports`, { readBody: true });
      const previews = linksTo(reports.body, /^\/transactions\/\d+\/reports\/\d+$/);
      if (previews.length === 0) return { failure: "the Reports tab listed no report" };
      const preview = yield get("reportPreview", random.pick(previews), { readBody: true });
      // A PDF is framed, an image shown; a report whose file is missing or not ready shows the
      // spec's message instead (the demo data has such reports on purpose).
      const file = /<(?:iframe|img)\b[^>]*\bsrc="(\/transactions\/\d+\/reports\/\d+\/file[^"]*)"/.exec(preview.body)?.[1];
      if (!file) return preview.body.includes(REPORT_UNAVAILABLE) ? undefined : { failure: "the report preview showed neither a file nor its message" };
      yield get("reportFile", file.replaceAll("&amp;", "&"));
    },
  },
  single("csv-week", "CSV export of a grid's week", 4, "transactionsCsv", (plan) => plan.exports.week),
  single("csv-quotes", "CSV export of the quotes grid", 1, "quotesCsv", (plan) => plan.exports.quotes),
  single("csv-whole", "CSV export of every row", 0.5, "wholeTableCsv", (plan) => plan.exports.whole),
  {
    id: "resend-results",
    label: "Resend Results from a detail view",
    weight: 4,
    kinds: ["transactionDetail", "singleResend"],
    available: (plan) => plan.resendable.length > 0,
    *run(plan, random) {
      const id = random.pick(plan.resendable);
      const action = `/transactions/${id}/resend`;
      const status = yield get("transactionDetail", `/transactions/${id}?tab=details&section=status`, { readBody: true });
      const form = postForm(status.body, action);
      if (!form?.hidden.some(([name]) => name === "token")) return { failure: `transaction ${id} showed no Resend Results form` };
      const answer = yield post("singleResend", form.action, new URLSearchParams(form.hidden));
      const back = follow("transactionDetail", answer, `/transactions/${id}`);
      if ("failure" in back) return back;
      yield back;
    },
  },
  {
    id: "bulk-resend",
    label: "Bulk resend of a few rows (Available Actions)",
    weight: 2,
    kinds: ["bulkResendForm", "bulkResend", "transactionsGrid"],
    available: (plan) => plan.bulkSelections.length > 0,
    *run(plan, random) {
      const selection = random.pick(plan.bulkSelections);
      const query = new URLSearchParams(selection.ids.map((id) => ["ids", String(id)]));
      query.set("back", selection.back);
      const confirm = yield get("bulkResendForm", `/transactions/resend?${query.toString()}`, { readBody: true });
      const form = postForm(confirm.body, "/transactions/resend");
      if (!form?.hidden.some(([name]) => name === "token")) return { failure: "the Available Actions form had no token" };
      // The form's first choice, 'Resend Diagnostic Report', is checked as the page renders it.
      const fields = new URLSearchParams([...form.hidden, ["resendDiagnosticReport", "on"]]);
      const answer = yield post("bulkResend", form.action, fields);
      const back = follow("transactionsGrid", answer, pathOf(selection.back));
      if ("failure" in back) return back;
      yield back;
    },
  },
  single("home", "Home", 8, "home", () => ["/home"]),
  {
    id: "settings-time-zone",
    label: "Settings: choose a time zone",
    weight: 3,
    kinds: ["settings", "settingsSave"],
    available: (plan) => plan.timeZones.length > 0,
    *run(plan, random) {
      yield get("settings", "/settings");
      const answer = yield post("settingsSave", "/settings", new URLSearchParams({ intent: "timeZone", timeZone: random.pick(plan.timeZones) }));
      const back = follow("settings", answer, "/settings");
      if ("failure" in back) return back;
      yield back;
    },
  },
  single("my-account", "My Account", 2, "myAccount", () => ["/myAccount"]),
];

/**
 * Routes the mix does not send, and why. A route added to ROUTE_POLICY must be given a flow or a
 * line here (tests/unit/load-mix.test.ts fails otherwise).
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  "routes/_shell": "the signed-in layout: its loader runs with every shell page of the mix",
  "routes/_shell.transactions": "the grids' layout: its loader runs with every grid page of the mix",
  "routes/_index": "'/' only redirects to the landing page",
  "routes/login": "each user signs in once, through the real flow, before the load",
  "routes/callback": "each user signs in once, through the real flow, before the load",
  "routes/logout": "would end the session the user's load depends on",
  "routes/api.keep-alive": "sent by the browser every 600 s: under one per user in a run",
  "routes/api.health": "polled on every instance beside the load (the health figures)",
  "routes/api.ready": "a load balancer's check, like /api/health beside the load; not a user's work",
  "routes/$": "the 404 page is not part of anybody's work",
  "routes/_shell.alerts": "rarely opened; renders in the same shell as Home",
  "routes/_shell.about": "rarely opened; renders in the same shell as Home",
  "routes/_shell.healthCheck": "rarely opened; renders in the same shell as Home",
  "routes/_shell.feedback": "rarely used; a POST would file feedback records",
  "routes/api.build-info": "read by the About page and by monitoring, not by users at work",
  "routes/transactions.$id.special-functions.$scriptNumber": "opened from View Results for a few special functions only",
  "routes/transactions.documents.$documentId.download": "the same document as the workflow document view, as a file",
  "routes/transactions.documents.$documentId.formatted": "the same document as the workflow document view, as the viewer dialog's text",
  "routes/transactions.quotes.$id.attachments.$attachmentId": "quote attachments are files read from disk like the report files",
  "routes/transactions.services[.]csv": "the same export as the transactions CSV, filtered to services",
  "routes/transactions.scanResults[.]csv": "staff only and rare; the same export engine as the other CSVs",
  "routes/_shell.admin": "the admin area's layout: a handful of administrators, rarely; its screens' SQL is benchmarked (docs/performance.md)",
  "routes/_shell.admin._index": "'/admin' only redirects to the first admin screen",
  "routes/_shell.admin.userroles": "a handful of administrators, rarely; its SQL is benchmarked at 100,000 users (npm run bench:user-roles)",
  "routes/admin.userroles[.]csv": "an administrator's occasional export of the directory; the same export engine as the other CSVs",
  "routes/_shell.admin.applications": "a handful of administrators, rarely: one offset-paged list of a few thousand applications",
  "routes/admin.applications[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.applications_.assign": "rare administrator writes that change other users' roles: not load",
  "routes/_shell.admin.userroles_.assign": "rare administrator writes that change other users' roles: not load",
  "routes/_shell.admin.shopRegistration": "a handful of administrators, rarely: one offset-paged list of the registrations",
  "routes/admin.shopRegistration[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.feedbackError": "a handful of administrators looking into a problem: one offset-paged list of the week's records",
  "routes/admin.feedbackError[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/admin.feedbackError.$errorId.files.$fileId": "a file of the record an administrator opened: not load",
  "routes/_shell.devtools": "a developer utility: an administrator pastes shop documents now and then",
  "routes/_shell.admin.providers": "a handful of administrators, rarely: one offset-paged list of a few dozen providers",
  "routes/admin.providers[.]csv": "an administrator's occasional export of a few dozen providers",
  "routes/_shell.admin.providers_.new": "a provider is added a few times a year: not load",
  "routes/admin.providers.$id.logo": "a small image of the provider row an administrator opens: not load",
  "routes/_shell.admin.configuration": "a handful of administrators, rarely: one offset-paged list of a few hundred entries",
  "routes/admin.configuration[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.configuration_.new": "rare administrator writes: not load",
  "routes/_shell.admin.devices": "a handful of administrators, rarely: one offset-paged list like Providers",
  "routes/admin.devices[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.activity": "a handful of administrators after something broke: one cursor-paged list like User Roles",
  "routes/admin.activity[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.redshiftETLDashboard": "a handful of administrators, rarely: one offset-paged list of a few dozen ETL variables",
  "routes/admin.redshiftETLDashboard[.]csv": "an administrator's occasional export; the same export engine as the other CSVs",
  "routes/_shell.admin.redshiftETLDashboard_.new": "rare administrator writes: not load",
  "routes/_shell.dashboard": "the dashboard's layout: its tabs, measured with the KPI page",
  "routes/_shell.dashboard._index": "a redirect to the KPI page",
  "routes/_shell.dashboard.kpi": "not in the mix yet: the dashboard's figures get their own benchmark with the rest of issue 15's performance work",
  "routes/_shell.dashboard.kpi_.shopList":
    "opened from the KPI page's Shop List card: one offset-paged list of a provider's registrations, measured with the dashboard's benchmark",
  "routes/dashboard.kpi.figures[.]csv": "an occasional download of one chart's five numbers per series: the KPI page's own queries for one card",
  "routes/dashboard.kpi.map[.]json":
    "the hydrated map's markers after a drag or zoom: a lookup in the cached cluster index (benchmarked on its own, docs/performance.md)",
  "routes/_shell.dashboard.adoptionReport":
    "a monthly report a provider's staff open now and then, not a page of the working day; one offset-paged query of the report tables",
  "routes/dashboard.adoptionReport[.]csv": "an occasional export of one provider's report; the same export engine as the other CSVs",
  "routes/dashboard.kpi.shopList[.]csv": "an occasional export of one provider's shops; the same export engine as the other CSVs",
};
