import type { Browser, Page } from "@playwright/test";
import { BrowserProblemCollector, test } from "./fixtures";
import { columnValues, daysAgo, expect, hydrated, rangeText, totalRows } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * Decision 0031 and 0032: a user has one time zone, with and without JavaScript, and a URL with
 * explicit dates names the zone its days are in, so it shows the same rows to whoever opens it.
 * The test makes its own browsers (with and without scripts, in two zones), so it runs once.
 */

interface Viewer {
  page: Page;
  javaScript: boolean;
  problems: BrowserProblemCollector;
  close(): Promise<void>;
}

async function viewer(browser: Browser, baseURL: string, demoLogin: string, javaScript: boolean, browserTimeZone: string): Promise<Viewer> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript, timezoneId: browserTimeZone });
  const page = await context.newPage();
  const problems = new BrowserProblemCollector(page);
  await withSession(page, demoLogin, "", javaScript ? { browserTimeZone } : {});
  return { page, javaScript, problems, close: () => context.close() };
}

/** What a grid page shows: its address, its zone, its count and its rows with their times. */
async function shown({ page, javaScript }: Viewer, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await hydrated(page, javaScript);
  await expect(rangeText(page)).toBeVisible();
  const ids = await columnValues(page, "scanRequestId");
  expect(ids.length, `rows of ${path}`).toBeGreaterThan(0);
  return {
    url: page.url(),
    zone: ((await page.locator(".portal-grid-zone").textContent()) ?? "").trim(),
    total: await totalRows(page),
    ids,
    times: await columnValues(page, "createdDateTime"),
  };
}

test("one zone per user in both modes, and a shared URL's days are the same for a viewer in another zone @nojs-only", async ({ browser }, testInfo) => {
  // Three browsers, each signing in, and seven grid pages: more than one page's worth of time.
  test.slow();
  const baseURL = testInfo.project.use.baseURL ?? "";
  const tokyo = await viewer(browser, baseURL, "power", true, "Asia/Tokyo");
  const tokyoWithoutScripts = await viewer(browser, baseURL, "power", false, "America/Chicago");
  const losAngeles = await viewer(browser, baseURL, "admin", true, "America/Los_Angeles");
  try {
    // The first visit with JavaScript saves the browser's zone; the same user without scripts (in a
    // browser that reports none) sees the same zone, days and rows.
    const defaults = await shown(tokyo, "/transactions?clear=1");
    expect(defaults.zone).toBe("Asia/Tokyo");
    expect(new URL(defaults.url).search).toBe("");
    const sameUser = await shown(tokyoWithoutScripts, "/transactions?clear=1");
    expect(sameUser).toEqual(defaults);

    // Another user in another zone has their own zone for the relative default…
    expect((await shown(losAngeles, "/transactions?clear=1")).zone).toBe("America/Los Angeles");

    // …but explicit days are written with their zone, and that URL gives the same rows, at the same
    // times, to both users, with and without JavaScript.
    const explicit = await shown(tokyo, `/transactions?from=${daysAgo(20)}&to=${daysAgo(12)}`);
    const sharedUrl = new URL(explicit.url);
    expect(sharedUrl.searchParams.get("tz")).toBe("Asia/Tokyo");
    const shared = `${sharedUrl.pathname}${sharedUrl.search}`;
    const elsewhere = await shown(losAngeles, shared);
    expect(elsewhere).toEqual(explicit);
    expect(await shown(tokyoWithoutScripts, shared)).toEqual(explicit);

    // The same days in the viewer's own zone are other hours: the zone in the URL is what made the rows the same.
    const ownZone = await shown(losAngeles, shared.replace("tz=Asia/Tokyo", "tz=America/Los_Angeles"));
    expect(ownZone.zone).toBe("America/Los Angeles");
    const sameRow = explicit.ids.findIndex((id) => ownZone.ids.includes(id));
    expect(sameRow, "a row shown in both zones").toBeGreaterThanOrEqual(0);
    expect(ownZone.times[ownZone.ids.indexOf(explicit.ids[sameRow])]).not.toBe(explicit.times[sameRow]);

    for (const { problems } of [tokyo, tokyoWithoutScripts, losAngeles]) expect(problems.unexpected()).toEqual([]);
  } finally {
    await Promise.all([tokyo.close(), tokyoWithoutScripts.close(), losAngeles.close()]);
  }
});
