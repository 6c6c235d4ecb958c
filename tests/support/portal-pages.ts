import { location, type Browser } from "./http-browser";

/** A page as a browser without JavaScript gets it: redirects inside the portal followed, the final answer read. */
export async function openPage(browser: Browser, base: string, path: string): Promise<{ status: number; html: string; setCookies: string[] }> {
  let response = await browser.get(`${base}${path}`);
  const setCookies = [...response.headers.getSetCookie()];
  for (let hops = 0; hops < 4 && response.status >= 300 && response.status < 400; hops += 1) {
    const next = location(response, base);
    if (next.origin !== new URL(base).origin) break;
    response = await browser.get(next.href);
    setCookies.push(...response.headers.getSetCookie());
  }
  return { status: response.status, html: await response.text(), setCookies };
}

export async function health(base: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/api/health`);
  return { status: response.status, body: await response.json() };
}
