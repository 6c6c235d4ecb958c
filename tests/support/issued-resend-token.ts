import type { Browser } from "./http-browser";

/**
 * Resend forms take only a one-time token the server issued to the signed-in user (decision
 * 0016), so tests over HTTP read it from the page that shows the form, as a browser would.
 */
function tokenIn(html: string, where: string): string {
  const token = /name="token" value="([\w-]{43})"/.exec(html)?.[1];
  if (!token) throw new Error(`no resend form token on ${where}`);
  return token;
}

/** The token of a detail view's single resend button (results: the Status section; invoice: Invoice Information). */
export async function singleResendToken(browser: Browser, base: string, id: number, kind: "results" | "invoice"): Promise<string> {
  const where = `/transactions/${id}?${kind === "results" ? "tab=details&section=status" : "tab=invoice&section=information"}`;
  const html = await (await browser.get(`${base}${where}`)).text();
  const token = new RegExp(`name="kind" value="${kind}"/><input type="hidden" name="token" value="([\\w-]{43})"`).exec(html)?.[1];
  if (!token) throw new Error(`no ${kind} resend button on ${where}`);
  return token;
}

/** The token of the Available Actions page for these rows. */
export async function bulkResendToken(browser: Browser, base: string, ids: readonly number[]): Promise<string> {
  const where = `/transactions/resend?${ids.map((id) => `ids=${id}`).join("&")}`;
  return tokenIn(await (await browser.get(`${base}${where}`)).text(), where);
}
