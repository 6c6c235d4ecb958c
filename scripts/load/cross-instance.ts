import { describedValue, postForm, selectedOption } from "./html";
import type { PortalInstance } from "./instances";
import { LOAD_USER_AGENT } from "./user-connection";
import type { Browser } from "../../tests/support/http-browser";

/**
 * Proof, during the load, that the instances share one state: a session made through the first
 * instance works on the others, a setting saved through one instance is read through another, and
 * a resend made through one shows in another's detail view. The checker is a user of its own (the
 * load's users do not touch its settings) and resends a transaction the load leaves alone.
 * With one instance the same writes are read back through it.
 */
export interface CheckResult {
  name: string;
  passed: boolean;
  detail: string;
}

interface Page {
  status: number;
  body: string;
  location: string | null;
}

async function open(browser: Browser, instance: PortalInstance, path: string): Promise<Page> {
  const answer = await browser.request(`${instance.url}${path}`, { headers: { "User-Agent": LOAD_USER_AGENT } });
  return { status: answer.status, body: await answer.text(), location: answer.headers.get("location") };
}

/**
 * A form's POST as a browser sends it through a load balancer: its Origin is the public origin, and
 * the balancer names the public host in X-Forwarded-Host (fetch cannot set Host). Remix refuses an
 * action whose Origin does not match the host it is told, with a 500.
 */
async function submit(browser: Browser, instance: PortalInstance, path: string, form: URLSearchParams, origin: string): Promise<Page> {
  const answer = await browser.request(`${instance.url}${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: origin, "X-Forwarded-Host": new URL(origin).host, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": LOAD_USER_AGENT },
  });
  return { status: answer.status, body: await answer.text(), location: answer.headers.get("location") };
}

async function timeZoneAcross(browser: Browser, from: PortalInstance, to: PortalInstance, zone: string, origin: string): Promise<CheckResult> {
  const name = `A time zone (${zone}) saved through ${from.name} is read through ${to.name}`;
  const saved = await submit(browser, from, "/settings", new URLSearchParams({ intent: "timeZone", timeZone: zone }), origin);
  if (saved.status !== 302) return { name, passed: false, detail: `saving through ${from.name} answered ${saved.status}` };
  const settings = await open(browser, to, "/settings");
  if (settings.status !== 200)
    return { name, passed: false, detail: `/settings through ${to.name} answered ${settings.status}${settings.location ? ` to ${settings.location}` : ""}` };
  const shown = selectedOption(settings.body, "timeZone");
  return { name, passed: shown === zone, detail: `saved ${zone}, ${to.name} shows ${shown === null ? "nothing" : shown === "" ? "Browser default" : shown}` };
}

function retryCount(page: Page): number | null {
  const value = describedValue(page.body, "Retry Count");
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

async function resendAcross(browser: Browser, from: PortalInstance, to: PortalInstance, id: number, origin: string): Promise<CheckResult> {
  const name = `Resend Results through ${from.name} shows in ${to.name}'s detail view`;
  const statusPath = `/transactions/${id}?tab=details&section=status`;
  const before = retryCount(await open(browser, to, statusPath));
  const form = postForm((await open(browser, from, statusPath)).body, `/transactions/${id}/resend`);
  if (before === null || !form) return { name, passed: false, detail: `transaction ${id}: ${before === null ? "no Retry Count" : "no Resend Results form"}` };
  const sent = await submit(browser, from, form.action, new URLSearchParams(form.hidden), origin);
  if (sent.status !== 302 || !sent.location) return { name, passed: false, detail: `the resend through ${from.name} answered ${sent.status}` };
  const back = new URL(sent.location, from.url);
  const after = retryCount(await open(browser, to, `${back.pathname}${back.search}`));
  return { name, passed: after === before + 1, detail: `transaction ${id}: Retry Count ${before} before, ${after ?? "none"} after` };
}

export async function checkAcrossInstances(
  browser: Browser,
  instances: readonly PortalInstance[],
  reservedResend: number,
  origin: string,
): Promise<CheckResult[]> {
  const first = instances[0];
  const other = instances[1] ?? first;
  const results: CheckResult[] = [];
  const session = await open(browser, other, "/home");
  results.push({
    name: `A session signed in through ${first.name} is accepted by ${other.name}`,
    passed: session.status === 200,
    detail: `/home through ${other.name} answered ${session.status}${session.location ? ` to ${session.location}` : ""}`,
  });
  results.push(await timeZoneAcross(browser, first, other, "Pacific/Auckland", origin));
  results.push(await timeZoneAcross(browser, other, first, "America/Anchorage", origin));
  results.push(await resendAcross(browser, first, other, reservedResend, origin));
  return results;
}

/** Runs the checks, turning an exception into a failed check (the load goes on either way). */
export async function checkSafely(run: () => Promise<CheckResult[]>): Promise<CheckResult[]> {
  try {
    return await run();
  } catch (error) {
    return [{ name: "Cross-instance checks", passed: false, detail: error instanceof Error ? error.message : String(error) }];
  }
}
