import type { Cookie, Page } from "@playwright/test";
import { checkAccessibility } from "./accessibility/screen-audit";
import { describeScreen } from "./accessibility/screen-key";
import { expect, test as base } from "./fixtures";
import { serveMapTiles } from "./map-tiles";
import { withSession } from "./sign-in";
import { DEMO_ACCOUNTS, REQUIRED_ROLES_FOR_PAGES, type DemoAccount } from "../../app/auth/demo-access";
import { canAccessPage } from "../../app/auth/page-access";
import { pagesOfAccess, ROUTE_POLICY, type RouteAccess } from "../../app/auth/route-policy";
import { KPI_PATH } from "../../app/modules/dashboard/dashboard-url";

/**
 * Every route of the route policy table that answers with a page, opened by a user who may open it
 * (signed out for public routes, else the most privileged demo account that may), is checked with
 * axe: a route added to the table joins by itself. The walk runs once per screen, with JavaScript
 * (the screen as most users meet it, hydrated); without JavaScript every screen is checked by the
 * fixture where the other specs reach it (each screen has a test without JavaScript), as are the
 * dialogs, panels and states they open.
 */

const SIGN_IN_TIMEOUT = 30_000;

/** The catch-all route: its page is the 404 page, by design. */
const NOT_FOUND_ROUTE = "routes/$";

const PAGE_ROLES = REQUIRED_ROLES_FOR_PAGES.map((page) => ({ pageName: page.pageName, requiredRoles: [...page.requiredRoles] }));

/** The demo accounts come most privileged first: the first that may open a page sees all of it. */
function accountFor(access: RouteAccess): DemoAccount | null {
  const pages = pagesOfAccess(access);
  if (pages === null) return "access" in access && access.access === "public" ? null : DEMO_ACCOUNTS[0];
  const account = DEMO_ACCOUNTS.find((candidate) => pages.some((page) => canAccessPage(page, candidate.roles, PAGE_ROLES)));
  if (!account) throw new Error(`No demo account may open page ${pages.join(" or ")}`);
  return account;
}

/**
 * One sign-in per account and worker, through the real sign-in; its cookies are reused by each
 * test. The test that signs in gets the time for it.
 */
const test = base.extend<object, { sessionCookies: (login: string) => Promise<Cookie[]> }>({
  sessionCookies: [
    async ({ browser }, use, workerInfo) => {
      const signedIn = new Map<string, Promise<Cookie[]>>();
      await use((login) => {
        let cookies = signedIn.get(login);
        if (!cookies) {
          test.info().setTimeout(test.info().timeout + SIGN_IN_TIMEOUT);
          cookies = (async () => {
            const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
            try {
              await withSession(await context.newPage(), login);
              return await context.cookies();
            } finally {
              await context.close();
            }
          })();
          signedIn.set(login, cookies);
        }
        return cookies;
      });
    },
    { scope: "worker" },
  ],
});

/** The status, content type and location of a GET with the page's cookies; its body is not read. */
async function answerHead(page: Page, path: string): Promise<{ status: number; contentType: string; location: string | null }> {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error("The project has no baseURL");
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const response = await fetch(new URL(path, base), { headers: { cookie }, redirect: "manual" });
  await response.body?.cancel();
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", location: response.headers.get("location") };
}

/**
 * The routes to open: one test per sample path and account, naming every route of the table that
 * answers it (a layout route and its index share a path: one page load and one check stand for
 * both, and the test proves that both routes rendered it).
 */
const PAGES: Array<{ samplePath: string; account: DemoAccount | null; routeIds: string[] }> = [];
for (const route of ROUTE_POLICY) {
  const account = accountFor(route.access);
  const same = PAGES.find((candidate) => candidate.samplePath === route.samplePath && candidate.account === account);
  if (same) same.routeIds.push(route.routeId);
  else PAGES.push({ samplePath: route.samplePath, account, routeIds: [route.routeId] });
}

test.describe("accessibility of every route's page", () => {
  for (const { samplePath, account, routeIds } of PAGES) {
    test(`${routeIds.join(" and ")} at ${samplePath} @js-only`, async ({ page, sessionCookies, browserProblems }) => {
      if (account) await page.context().addCookies(await sessionCookies(account.login));

      // Exports, files, JSON and POST-only routes answer no page: nothing to check there. Only the
      // answer's head is read: an export's body would be streamed to the end for nothing.
      const answer = await answerHead(page, samplePath);
      // A redirect's target is checked under its own route; an answer that is not a page has
      // nothing for axe, but must still be an answer rather than a server error.
      if (answer.status >= 300 && answer.status < 400) {
        expect(answer.location, "a redirect names where it leads").toMatch(/^(\/|https?:\/\/)/);
        return;
      }
      if (!answer.contentType.startsWith("text/html")) {
        expect(answer.status, `${samplePath} answers ${answer.contentType || "without a body"} without a server error`).toBeLessThan(500);
        return;
      }

      const notFound = routeIds.includes(NOT_FOUND_ROUTE);
      if (notFound) browserProblems.allowNotFound(samplePath);
      // The KPI page shows the Coverage Map: its tiles are answered inside the browser (map-tiles.ts).
      if (samplePath.startsWith(KPI_PATH)) await serveMapTiles(page.context());
      const response = await page.goto(samplePath);
      expect(response?.status(), "the sample path shows the route's page, not an error").toBe(notFound ? 404 : 200);
      const rendered = (await describeScreen(page)).routeIds;
      for (const routeId of routeIds) expect(rendered).toContain(routeId);
      await checkAccessibility(page);
    });
  }
});

/**
 * The built-in identity provider's pages are not Remix routes: its sign-in page, which every
 * browser sign-in passes through, is opened from the portal's /login as a user would: /login
 * starts the sign-in and lands on it.
 */
test("the identity provider's sign-in page", async ({ page }) => {
  // /login opens the built-in identity provider's form at once (decision 0071).
  await page.goto("/login");
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  const check = await checkAccessibility(page);
  expect(check?.key).toMatch(/^path \/oidc\/interaction\//);
});
