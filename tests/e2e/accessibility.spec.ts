import type { Cookie } from "@playwright/test";
import { canAccessPage } from "../../app/auth/page-access";
import { ROUTE_POLICY, type RouteAccess } from "../../app/auth/route-policy";
import { DEMO_ACCOUNTS, REQUIRED_ROLES_FOR_PAGES, type DemoAccount } from "../../app/auth/demo-access";
import { checkAccessibility } from "./accessibility/screen-audit";
import { describeScreen } from "./accessibility/screen-key";
import { expect, test as base } from "./fixtures";
import { withSession } from "./sign-in";

/**
 * Every route of the route policy table that answers with a page, opened by a user who may open it
 * (signed out for public routes, else the most privileged demo account that may), with JavaScript
 * and without (the two projects), is checked with axe: a route added to the table joins by itself.
 * The screens the other specs reach (dialogs, panels, states) are checked by the fixture.
 */

const SIGN_IN_TIMEOUT = 30_000;

/** The catch-all route: its page is the 404 page, by design. */
const NOT_FOUND_ROUTE = "routes/$";

const PAGE_ROLES = REQUIRED_ROLES_FOR_PAGES.map((page) => ({ pageName: page.pageName, requiredRoles: [...page.requiredRoles] }));

/** The demo accounts come most privileged first: the first that may open a page sees all of it. */
function accountFor(access: RouteAccess): DemoAccount | null {
  if ("access" in access) return access.access === "public" ? null : DEMO_ACCOUNTS[0];
  const account = DEMO_ACCOUNTS.find((candidate) => canAccessPage(access.page, candidate.roles, PAGE_ROLES));
  if (!account) throw new Error(`No demo account may open page ${access.page}`);
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

test.describe("accessibility of every route's page", () => {
  for (const route of ROUTE_POLICY) {
    test(`${route.routeId} at ${route.samplePath}`, async ({ page, sessionCookies, browserProblems }) => {
      const account = accountFor(route.access);
      if (account) await page.context().addCookies(await sessionCookies(account.login));

      // Exports, files, JSON and POST-only routes answer no page: nothing to check there.
      const answer = await page.request.get(route.samplePath, { maxRedirects: 0 });
      const contentType = answer.headers()["content-type"] ?? "";
      test.skip(answer.status() >= 300 && answer.status() < 400, `redirects to ${answer.headers().location} (checked under its own route)`);
      test.skip(!contentType.startsWith("text/html"), `answers ${answer.status()} ${contentType || "without a body"}, not a page`);

      if (route.routeId === NOT_FOUND_ROUTE) browserProblems.allowNotFound(route.samplePath);
      const response = await page.goto(route.samplePath);
      expect(response?.status(), "the sample path shows the route's page, not an error").toBe(route.routeId === NOT_FOUND_ROUTE ? 404 : 200);
      expect((await describeScreen(page)).routeIds).toContain(route.routeId);
      await checkAccessibility(page);
    });
  }
});
