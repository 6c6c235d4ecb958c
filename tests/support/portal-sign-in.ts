import { Browser, location } from "./http-browser";

export const DEMO_PASSWORD = "demo-portal";

export interface CallbackStep {
  browser: Browser;
  /** The identity provider's redirect back to the portal, not yet followed. */
  callbackUrl: URL;
}

/** Runs the real flow up to the redirect to /callback: /login → identity provider → login form. */
export async function signInUpToCallback(base: string, login: string, password = DEMO_PASSWORD, returnTo = ""): Promise<CallbackStep> {
  const browser = new Browser();
  let response = await browser.post(`${base}/login`, { returnTo });
  for (let hops = 0; hops < 4; hops += 1) {
    const next = location(response, base);
    if (next.pathname.includes("/oidc/interaction/")) {
      response = await browser.post(next.href, { username: login, password });
      break;
    }
    response = await browser.get(next.href);
  }
  for (let hops = 0; hops < 6; hops += 1) {
    const next = location(response, base);
    if (next.pathname === "/callback") return { browser, callbackUrl: next };
    response = await browser.get(next.href);
  }
  throw new Error(`sign-in of ${login} did not come back to /callback`);
}

/** The whole flow; returns the signed-in browser and where the portal sent it. */
export async function signInAs(base: string, login: string, returnTo = ""): Promise<{ browser: Browser; landing: string }> {
  const { browser, callbackUrl } = await signInUpToCallback(base, login, DEMO_PASSWORD, returnTo);
  const response = await browser.get(callbackUrl.href);
  const landing = location(response, base);
  return { browser, landing: `${landing.pathname}${landing.search}` };
}

/** What a signed-out browser opening /login meets: the redirects followed up to a page, and that page's address and HTML. */
export async function signInPageOf(base: string): Promise<{ url: URL; html: string }> {
  const browser = new Browser();
  let url = new URL("/login", base);
  let response = await browser.get(url.href);
  for (let hops = 0; hops < 4 && response.status >= 300 && response.status < 400; hops += 1) {
    url = location(response, base);
    response = await browser.get(url.href);
  }
  return { url, html: await response.text() };
}
