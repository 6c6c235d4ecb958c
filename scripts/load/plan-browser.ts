import { linksTo, postForm } from "./html";
import { REQUEST_KINDS, type KindId } from "./mix";
import { mayReach, type LoadUserRoles } from "./route-access";
import { emptyPlan, type UserPlan } from "./user-plan";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";
import { addDays, todayIn } from "../../app/grid/dates";
import type { Browser } from "../../tests/support/http-browser";

/**
 * Builds a user's plan by browsing as that user before the load, the way the user would find
 * things: the grids' canonical URLs (after their redirects), the detail links the grids show, and
 * which transactions hold documents, reports and a Resend Results form.
 */

/** Queries tried on each grid; each is kept in the form the grid's redirect gives it. */
function gridQueries(today: string) {
  const days = (count: number) => `from=${addDays(today, -count)}&to=${today}`;
  return {
    transactions: [
      `provider=${DEMO_PROVIDER_ID}`,
      "status=completed",
      "scanType=Calibration",
      "isTest=N&billable=Y",
      "vin=1FT",
      "invoiceStatus=SENT",
      "page=2",
      "sort=make",
      "size=50",
      days(30),
    ],
    services: [`provider=${DEMO_PROVIDER_ID}`, "status=completed", "page=2", days(30)],
    quotes: [`provider=${DEMO_PROVIDER_ID}`, "page=2", days(30), days(90)],
    scanResults: ["page=2", "sort=make"],
  };
}

const GRID_PATHS = {
  transactions: "/transactions",
  services: "/transactions/services",
  quotes: "/transactions/quotes",
  scanResults: "/transactions/scanResults",
} as const;
const GRID_KINDS: Record<keyof typeof GRID_PATHS, KindId> = {
  transactions: "transactionsGrid",
  services: "servicesGrid",
  quotes: "quotesGrid",
  scanResults: "scanResults",
};
/** The settings flow saves these in turn ('' is the browser's own zone). */
const TIME_ZONES = ["America/Chicago", "America/New_York", "America/Los_Angeles", "Europe/London", ""];
/** How many of each kind of transaction to look for, and how many transactions to open at most. */
const WANTED = 4;
const MAX_OPENED = 16;

export class PlanError extends Error {}

async function html(browser: Browser, base: string, path: string): Promise<{ status: number; body: string; location: string | null }> {
  const answer = await browser.get(`${base}${path}`);
  return { status: answer.status, body: await answer.text(), location: answer.headers.get("location") };
}

/** The grid URL a query ends at after the grid's redirects, with its HTML; null when it is the bare grid path (which redirects to the remembered query). */
async function canonicalGrid(browser: Browser, base: string, start: string): Promise<{ path: string; body: string } | null> {
  let current = start;
  for (let hop = 0; hop < 4; hop++) {
    const answer = await html(browser, base, current);
    if (answer.status === 200) return current.includes("?") ? { path: current, body: answer.body } : null;
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return null;
    const next = new URL(answer.location, base);
    current = `${next.pathname}${next.search}`;
  }
  return null;
}

function csvOf(gridPath: string): string {
  const [path, query] = gridPath.split("?");
  return `${path}.csv?${query}`;
}

async function findTransactions(browser: Browser, base: string, plan: UserPlan, mayResend: boolean): Promise<void> {
  const details = [...new Set(plan.details.transaction.map((link) => link.split("?")[0]))].slice(0, MAX_OPENED);
  for (const detail of details) {
    if (plan.withDocuments.length >= WANTED && plan.withReports.length >= WANTED && (!mayResend || plan.resendable.length >= WANTED)) break;
    if (plan.withDocuments.length < WANTED) {
      const logs = await html(browser, base, `${detail}?tab=details&section=logs`);
      if (linksTo(logs.body, /^\/transactions\/documents\/\d+$/).length > 0) plan.withDocuments.push(detail);
    }
    if (plan.withReports.length < WANTED) {
      const reports = await html(browser, base, `${detail}?tab=reports&section=reports`);
      if (linksTo(reports.body, /^\/transactions\/\d+\/reports\/\d+$/).length > 0) plan.withReports.push(detail);
    }
    if (mayResend && plan.resendable.length < WANTED) {
      const id = Number(detail.split("/").pop());
      const status = await html(browser, base, `${detail}?tab=details&section=status`);
      const form = postForm(status.body, `/transactions/${id}/resend`);
      if (form?.hidden.some(([name, value]) => name === "kind" && value === "results")) plan.resendable.push(id);
    }
  }
}

/** Completed scans of the last 30 days, a few at a time: rows the bulk resend accepts together. */
async function findBulkSelections(browser: Browser, base: string, plan: UserPlan): Promise<void> {
  const today = todayIn("UTC");
  const grid = await canonicalGrid(browser, base, `/transactions?scanType=Scan&status=completed&from=${addDays(today, -30)}&to=${today}`);
  if (!grid) return;
  const ids = linksTo(grid.body, /^\/transactions\/\d+$/).map((link) => Number(link.split("?")[0].split("/").pop()));
  for (let start = 0; start < ids.length && plan.bulkSelections.length < 4; start += 3) {
    const selection = { ids: ids.slice(start, start + 3), back: grid.path };
    const query = new URLSearchParams(selection.ids.map((id) => ["ids", String(id)]));
    query.set("back", selection.back);
    const confirm = await html(browser, base, `/transactions/resend?${query.toString()}`);
    if (postForm(confirm.body, "/transactions/resend")?.hidden.some(([name]) => name === "token")) plan.bulkSelections.push(selection);
  }
}

export async function browsePlan(browser: Browser, base: string, user: LoadUserRoles): Promise<UserPlan> {
  const plan = emptyPlan();
  const may = (kind: KindId) => mayReach(REQUEST_KINDS[kind], user);
  const bodies: Record<keyof typeof GRID_PATHS, string[]> = { transactions: [], services: [], quotes: [], scanResults: [] };
  const today = todayIn("UTC");
  const queries = gridQueries(today);
  for (const grid of Object.keys(GRID_PATHS) as Array<keyof typeof GRID_PATHS>) {
    if (!may(GRID_KINDS[grid])) continue;
    for (const query of queries[grid]) {
      const found = await canonicalGrid(browser, base, `${GRID_PATHS[grid]}?${query}`);
      if (!found || plan.grids[grid].includes(found.path)) continue;
      plan.grids[grid].push(found.path);
      bodies[grid].push(found.body);
    }
  }
  if (may("transactionsGrid")) plan.transactionsMenuLink = GRID_PATHS.transactions;

  const detailLinks = (pages: string[], path: RegExp) => [...new Set(pages.flatMap((body) => linksTo(body, path)))].slice(0, 60);
  plan.details.transaction = detailLinks(bodies.transactions, /^\/transactions\/\d+$/);
  plan.details.service = detailLinks(bodies.services, /^\/transactions\/services\/\d+$/);
  plan.details.quote = detailLinks(bodies.quotes, /^\/transactions\/quotes\/\d+$/);
  if (may("transactionDetail")) await findTransactions(browser, base, plan, may("singleResend"));
  if (may("bulkResend")) await findBulkSelections(browser, base, plan);

  // A week: the grids' own queries without paging or dates (their default window is the last 7 days).
  plan.exports.week = plan.grids.transactions.filter((path) => !/[?&](page|size|from|to)=/.test(path)).map(csvOf);
  plan.exports.quotes = plan.grids.quotes.map(csvOf);
  if (may("wholeTableCsv")) {
    const whole = await canonicalGrid(browser, base, `/transactions?from=${addDays(today, -10 * 366)}&to=${today}`);
    if (whole) plan.exports.whole = [csvOf(whole.path)];
  }
  if (may("settingsSave")) plan.timeZones = TIME_ZONES;
  return plan;
}
