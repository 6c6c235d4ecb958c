/**
 * Every route of the portal and who may open it: a page name checked by requirePage (against
 * REQUIRED_ROLES_FOR_PAGES), any one of several page names (requireAnyPage: a layout shared by
 * tabs of different pages), "signedIn" (requireUser only), or "public". A test fails when a
 * route file exists that this table does not list, and the route x role matrix test walks it.
 */
import { WRITE_PERMISSIONS, type WritePermission } from "./authorization";

export type RouteAccess = { page: string } | { anyPage: readonly string[] } | { access: "signedIn" } | { access: "public" };

/** The page names of an access rule, any one of which opens the route; null for signedIn and public routes. */
export function pagesOfAccess(access: RouteAccess): readonly string[] | null {
  if ("page" in access) return [access.page];
  if ("anyPage" in access) return access.anyPage;
  return null;
}

export interface RoutePolicy {
  /** The route module id, as Remix names it (app/routes/<file> without the extension). */
  routeId: string;
  /** A path that reaches the route (with a sample parameter for dynamic segments). */
  samplePath: string;
  access: RouteAccess;
  /** The methods the route answers besides GET (actions). */
  actions?: readonly string[];
  /** A route that is one write (a bulk page, an Add page) needs that write's permission besides its page (authorization.ts). */
  permission?: WritePermission;
}

export const ROUTE_POLICY: readonly RoutePolicy[] = [
  { routeId: "routes/_index", samplePath: "/", access: { page: "main" } },
  { routeId: "routes/login", samplePath: "/login", access: { access: "public" }, actions: ["POST"] },
  { routeId: "routes/callback", samplePath: "/callback", access: { access: "public" } },
  { routeId: "routes/logout", samplePath: "/logout", access: { access: "signedIn" }, actions: ["POST"] },
  { routeId: "routes/api.keep-alive", samplePath: "/api/keep-alive", access: { access: "signedIn" }, actions: ["POST"] },
  { routeId: "routes/api.health", samplePath: "/api/health", access: { access: "public" } },
  { routeId: "routes/api.ready", samplePath: "/api/ready", access: { access: "public" } },
  { routeId: "routes/$", samplePath: "/no-such-page", access: { access: "public" } },
  { routeId: "routes/_shell", samplePath: "/home", access: { access: "signedIn" } },
  { routeId: "routes/_shell.home", samplePath: "/home", access: { page: "home" } },
  { routeId: "routes/_shell.alerts", samplePath: "/alerts", access: { page: "alerts" } },
  { routeId: "routes/_shell.myAccount", samplePath: "/myAccount", access: { page: "myAccount" } },
  { routeId: "routes/_shell.settings", samplePath: "/settings", access: { page: "settings" }, actions: ["POST"] },
  { routeId: "routes/_shell.feedback", samplePath: "/feedback", access: { page: "feedback" }, actions: ["POST"] },
  { routeId: "routes/_shell.healthCheck", samplePath: "/healthCheck", access: { page: "healthCheck" } },
  { routeId: "routes/_shell.about", samplePath: "/about", access: { access: "signedIn" } },
  { routeId: "routes/api.build-info", samplePath: "/api/build-info", access: { access: "signedIn" } },
  // Grids: the demo provider in the query is the canonical URL for its provider-only user too (a bare
  // grid URL redirects them to it), so every allowed role gets the page itself.
  // The dashboard: its canonical URL names the provider (a provider-only user's own, 1001 in the demo data).
  // Its layout and /dashboard open with either tab's page: KPI Dashboard (dashboard) or Adoption Report
  // (reports); /dashboard leads to the first tab the user may open (decision 0057).
  { routeId: "routes/_shell.dashboard", samplePath: "/dashboard/kpi?provider=1001", access: { anyPage: ["dashboard", "reports"] } },
  { routeId: "routes/_shell.dashboard._index", samplePath: "/dashboard", access: { anyPage: ["dashboard", "reports"] } },
  { routeId: "routes/_shell.dashboard.kpi", samplePath: "/dashboard/kpi?provider=1001", access: { page: "dashboard" } },
  { routeId: "routes/_shell.dashboard.kpi_.shopList", samplePath: "/dashboard/kpi/shopList?provider=1001", access: { page: "dashboard" } },
  { routeId: "routes/dashboard.kpi.figures[.]csv", samplePath: "/dashboard/kpi/figures.csv?provider=1001&card=scanTrend", access: { page: "dashboard" } },
  {
    routeId: "routes/dashboard.kpi.map[.]json",
    samplePath: "/dashboard/kpi/map.json?provider=1001&map.zoom=6&map.lat=39.5&map.lng=-98.35&width=600&height=340",
    access: { page: "dashboard" },
  },
  { routeId: "routes/_shell.dashboard.adoptionReport", samplePath: "/dashboard/adoptionReport?provider=1001", access: { page: "reports" } },
  { routeId: "routes/dashboard.adoptionReport[.]csv", samplePath: "/dashboard/adoptionReport.csv?provider=1001", access: { page: "reports" } },
  { routeId: "routes/dashboard.kpi.shopList[.]csv", samplePath: "/dashboard/kpi/shopList.csv?provider=1001", access: { page: "dashboard" } },
  { routeId: "routes/_shell.transactions", samplePath: "/transactions?provider=1001", access: { page: "transactions" } },
  { routeId: "routes/_shell.transactions._index", samplePath: "/transactions?provider=1001", access: { page: "transactions" } },
  { routeId: "routes/_shell.transactions.services", samplePath: "/transactions/services?provider=1001", access: { page: "transactions" } },
  // The quote area: page 'quote', the quoteGrid setting and ACCESS_TO_QUOTE (decision 0009).
  { routeId: "routes/_shell.transactions.quotes", samplePath: "/transactions/quotes?provider=1001", access: { page: "quote" } },
  {
    routeId: "routes/_shell.transactions_.resend",
    samplePath: "/transactions/resend",
    access: { page: "transactions" },
    actions: ["POST"],
  },
  // A single resend from a detail view: POST only (a GET is 405 and changes nothing).
  { routeId: "routes/transactions_.$id.resend", samplePath: "/transactions/1/resend", access: { page: "transactions" }, actions: ["POST"] },
  // A transaction's report preview, report file and special-function info: the demo provider's
  // request 5 and its report 3 at the matrix test's SEED_SCALE 200, so its provider-only user gets them too.
  { routeId: "routes/_shell.transactions_.$id_.reports.$reportId", samplePath: "/transactions/5/reports/3", access: { page: "transactions" } },
  { routeId: "routes/transactions.$id.reports.$reportId.file", samplePath: "/transactions/5/reports/3/file", access: { page: "transactions" } },
  {
    routeId: "routes/transactions.$id.special-functions.$scriptNumber",
    samplePath: "/transactions/5/special-functions/SF-1001",
    access: { page: "transactions" },
  },
  // Detail views (demo ids of provider 1001, so its provider-only user gets the page too).
  { routeId: "routes/_shell.transactions_.$id", samplePath: "/transactions/4", access: { page: "transactions" } },
  { routeId: "routes/_shell.transactions_.services.$id", samplePath: "/transactions/services/4", access: { page: "transactions" } },
  { routeId: "routes/_shell.transactions_.quotes.$id", samplePath: "/transactions/quotes/5", access: { page: "quote" } },
  { routeId: "routes/_shell.transactions_.documents.$documentId", samplePath: "/transactions/documents/14", access: { page: "transactions" } },
  { routeId: "routes/transactions.documents.$documentId.download", samplePath: "/transactions/documents/14/download", access: { page: "transactions" } },
  { routeId: "routes/transactions.documents.$documentId.formatted", samplePath: "/transactions/documents/14/formatted", access: { page: "transactions" } },
  { routeId: "routes/transactions.quotes.$id.attachments.$attachmentId", samplePath: "/transactions/quotes/5/attachments/5", access: { page: "quote" } },
  { routeId: "routes/transactions[.]csv", samplePath: "/transactions.csv", access: { page: "transactions" } },
  { routeId: "routes/transactions.services[.]csv", samplePath: "/transactions/services.csv", access: { page: "transactions" } },
  { routeId: "routes/transactions.quotes[.]csv", samplePath: "/transactions/quotes.csv", access: { page: "quote" } },
  // The Scan Results table and its export: page scanResults (staff only in the demo configuration).
  { routeId: "routes/_shell.transactions.scanResults", samplePath: "/transactions/scanResults", access: { page: "scanResults" } },
  { routeId: "routes/transactions.scanResults[.]csv", samplePath: "/transactions/scanResults.csv", access: { page: "scanResults" } },
  // The admin area: page admin and a screen's own page; DIP_PROVIDER users never (canAccessPage).
  { routeId: "routes/_shell.admin", samplePath: "/admin/userroles", access: { page: "admin" } },
  { routeId: "routes/_shell.admin._index", samplePath: "/admin", access: { page: "admin" } },
  { routeId: "routes/_shell.admin.userroles", samplePath: "/admin/userroles", access: { page: "userroles" }, actions: ["POST"] },
  { routeId: "routes/admin.userroles[.]csv", samplePath: "/admin/userroles.csv", access: { page: "userroles" } },
  // Bulk Role(s) Assignment also needs changingRoleData (admins only in the demo configuration).
  {
    routeId: "routes/_shell.admin.userroles_.assign",
    samplePath: "/admin/userroles/assign",
    access: { page: "userroles" },
    actions: ["POST"],
    permission: WRITE_PERMISSIONS.changeUserRoles,
  },
  { routeId: "routes/_shell.admin.applications", samplePath: "/admin/applications", access: { page: "applications" } },
  { routeId: "routes/admin.applications[.]csv", samplePath: "/admin/applications.csv", access: { page: "applications" } },
  // Applications' Bulk Role(s) Assignment: page applications and assigningApplicationRoles (DIP_POWER and DIP_ADMIN by default: authorization.ts).
  {
    routeId: "routes/_shell.admin.applications_.assign",
    samplePath: "/admin/applications/assign",
    access: { page: "applications" },
    actions: ["POST"],
    permission: WRITE_PERMISSIONS.assignRolesFromApplications,
  },
  // The shop document loader, a developer utility: page devtools (admins only in the demo configuration).
  { routeId: "routes/_shell.devtools", samplePath: "/devtools", access: { page: "devtools" }, actions: ["POST"] },
  // Shop Registrations: the table and its CSV (its trust actions come with the Devices pattern).
  { routeId: "routes/_shell.admin.shopRegistration", samplePath: "/admin/shopRegistration", access: { page: "shopRegistration" }, actions: ["POST"] },
  { routeId: "routes/admin.shopRegistration[.]csv", samplePath: "/admin/shopRegistration.csv", access: { page: "shopRegistration" } },
  // Feedbacks/Errors, read-only: the table, its CSV and a record's files by the record's and the file's ids.
  // Activity: the audit log's events (issue 29, decision 0085), read-only.
  { routeId: "routes/_shell.admin.activity", samplePath: "/admin/activity", access: { page: "activity" } },
  { routeId: "routes/admin.activity[.]csv", samplePath: "/admin/activity.csv", access: { page: "activity" } },
  { routeId: "routes/_shell.admin.feedbackError", samplePath: "/admin/feedbackError?providerId=1001", access: { page: "feedbackError" } },
  { routeId: "routes/admin.feedbackError[.]csv", samplePath: "/admin/feedbackError.csv", access: { page: "feedbackError" } },
  { routeId: "routes/admin.feedbackError.$errorId.files.$fileId", samplePath: "/admin/feedbackError/1/files/1", access: { page: "feedbackError" } },
  // Providers: Save also needs changingProviderData, 'Add new provider' addingNewProvider (admins only in the demo configuration).
  { routeId: "routes/_shell.admin.providers", samplePath: "/admin/providers", access: { page: "providers" }, actions: ["POST"] },
  { routeId: "routes/admin.providers[.]csv", samplePath: "/admin/providers.csv", access: { page: "providers" } },
  {
    routeId: "routes/_shell.admin.providers_.new",
    samplePath: "/admin/providers/new",
    access: { page: "providers" },
    actions: ["POST"],
    permission: WRITE_PERMISSIONS.addProvider,
  },
  { routeId: "routes/admin.providers.$id.logo", samplePath: "/admin/providers/1001/logo", access: { page: "providers" } },
  // Configurations: page configuration; its writes and Add Configuration also need changingConfigurationData
  // (unlisted in the demo configuration, so open to everyone with the page: decision 0038).
  { routeId: "routes/_shell.admin.configuration", samplePath: "/admin/configuration", access: { page: "configuration" }, actions: ["POST"] },
  { routeId: "routes/admin.configuration[.]csv", samplePath: "/admin/configuration.csv", access: { page: "configuration" } },
  {
    routeId: "routes/_shell.admin.configuration_.new",
    samplePath: "/admin/configuration/new",
    access: { page: "configuration" },
    actions: ["POST"],
    permission: WRITE_PERMISSIONS.changeConfiguration,
  },
  // Devices: DeRegister and Delete need the page too, and are offered (and taken) only with trust=Y.
  { routeId: "routes/_shell.admin.devices", samplePath: "/admin/devices", access: { page: "devices" }, actions: ["POST"] },
  { routeId: "routes/admin.devices[.]csv", samplePath: "/admin/devices.csv", access: { page: "devices" } },
  // Redshift ETL Dashboard: page redshiftETLDashboard; its writes and Add New Etl Variable also need changingEtlData
  // (unlisted in the demo configuration, so open to everyone with the page: decision 0040).
  {
    routeId: "routes/_shell.admin.redshiftETLDashboard",
    samplePath: "/admin/redshiftETLDashboard",
    access: { page: "redshiftETLDashboard" },
    actions: ["POST"],
  },
  { routeId: "routes/admin.redshiftETLDashboard[.]csv", samplePath: "/admin/redshiftETLDashboard.csv", access: { page: "redshiftETLDashboard" } },
  {
    routeId: "routes/_shell.admin.redshiftETLDashboard_.new",
    samplePath: "/admin/redshiftETLDashboard/new",
    access: { page: "redshiftETLDashboard" },
    actions: ["POST"],
    permission: WRITE_PERMISSIONS.changeEtlVariable,
  },
];
