import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";
import { expect, hydrated, totalRows } from "./grid-page";
import { holdRequests } from "./held-requests";
import { withSession } from "./sign-in";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });

/** Signs in as staff and opens the KPI page at a map view: the Coverage Map's card. */
async function openMap(page: Page, javaScript: boolean, search: string): Promise<Locator> {
  await withSession(page, "power");
  await page.goto(`/dashboard/kpi?${search}`);
  await hydrated(page, javaScript);
  return page.getByRole("region", { name: "Coverage Map View" });
}

/**
 * The Coverage Map with JavaScript off and on: markers drawn by the server over the tiles, zoom
 * and pan as links in the URL, a cluster zoomed into, and a marker's scans followed to the
 * transactions grid, whose total is the same number. With JavaScript the map is dragged and its
 * markers are fetched for the new view.
 */
test("shows the shops as markers, and zooms and pans by links", async ({ page }, testInfo) => {
  const card = await openMap(page, testInfo.project.name === "js", "provider=all");
  await expect(card.getByText(/^[\d,]+ registered shops on the map/)).toBeVisible();
  const markers = card.locator(".map-box .map-marker");
  expect(await markers.count()).toBeGreaterThan(0);
  const controls = card.getByRole("navigation", { name: "Coverage Map View controls" });
  await expect(controls.locator('[aria-disabled="true"]')).toHaveText("−Zoom out");

  await controls.getByRole("link", { name: "Zoom in" }).click();
  await expect(page).toHaveURL(/map\.zoom=5&map\.lat=39\.5&map\.lng=-98\.35$/);
  await expect(controls.getByText("Zoom 5")).toBeVisible();
  await controls.getByRole("link", { name: "Pan east" }).click();
  // Half the 600 px map east at zoom 5: 300 / (256 × 2⁵) × 360° = 13.18°.
  await expect(page).toHaveURL(/map\.zoom=5&map\.lat=39\.5&map\.lng=-85\.1664$/);
  await expect.poll(() => markers.count()).toBeGreaterThan(0);
});

test("zooms a cluster in on itself", async ({ page }, testInfo) => {
  const card = await openMap(page, testInfo.project.name === "js", "provider=all&map.zoom=5&map.lat=39.5&map.lng=-85.1664");
  const markers = card.locator(".map-box .map-marker");
  const cluster = card.getByRole("link", { name: /shops: [\d.,KMB]+ scans?, zoom in$/ }).first();
  await expect(cluster).toBeVisible();
  await cluster.click();
  await expect(page).toHaveURL(/map\.zoom=([6-9]|1[0-2])&/);
  await expect.poll(() => markers.count()).toBeGreaterThan(0);
});

test("lists the shops in view in a table, and a marker's scans lead to as many rows", async ({ page }, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const card = await openMap(page, javaScript, "provider=all&map.zoom=7&map.lat=41.5&map.lng=-88");
  await card.getByText("Table of the shops in view").click();
  const table = card.getByRole("table", { name: "Coverage Map View shops in view" });
  const scans = table.getByRole("link", { name: /^\d+ scans?$/ }).first();
  await expect(scans).toBeVisible();
  const shown = Number(/^\d+/.exec((await scans.textContent()) ?? "")?.[0]);
  expect(shown).toBeGreaterThan(0);
  await scans.click();
  await expect(page).toHaveURL(/\/transactions\?.*shop=\d+/);
  await hydrated(page, javaScript);
  await expect.poll(() => totalRows(page)).toBe(shown);
});

test("drags the map: the view goes into the URL and the markers of the new view are fetched @js-only", async ({ page }) => {
  await withSession(page, "power");
  await page.goto("/dashboard/kpi?provider=all&map.zoom=6&map.lat=40&map.lng=-88");
  await hydrated(page, true);
  const card = page.getByRole("region", { name: "Coverage Map View" });
  const box = card.locator(".map-box");
  await box.scrollIntoViewIfNeeded();
  const area = await box.boundingBox();
  if (!area) throw new Error("The map has no box");
  // Remix asks the resource route for the view's markers (as `map.json.data` with single fetch).
  const pageReads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/dashboard/kpi.data") pageReads.push(url.searchParams.get("_routes") ?? "every route");
  });
  const fetched = page.waitForResponse((response) => response.url().includes("/dashboard/kpi/map.json") && response.status() === 200);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2 - 150, area.y + area.height / 2 - 60, { steps: 8 });
  await page.mouse.up();
  await expect(page).not.toHaveURL(/map\.lng=-88$/);
  await expect(page).toHaveURL(/map\.zoom=6&map\.lat=[\d.-]+&map\.lng=[\d.-]+$/);
  const answer = await fetched;
  expect(new URL(answer.url()).searchParams.get("map.lng")).toBe(new URL(page.url()).searchParams.get("map.lng"));
  await expect.poll(() => card.locator(".map-box .map-marker").count()).toBeGreaterThan(0);
  // The other cards were not read again for a new map view.
  expect(pageReads.filter((routes) => routes === "every route" || routes.split(",").includes("routes/_shell.dashboard.kpi"))).toEqual([]);
});

test("a zoom by link stays at its view on a slow page: the map's moves on the way there are not taken for views @js-only", async ({ page }) => {
  const card = await openMap(page, true, "provider=all");
  const controls = card.getByRole("navigation", { name: "Coverage Map View controls" });
  const addresses: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).search);
  });
  // A slow computer: the map's animation frames (its step reads `_animationEnd`) after the first come
  // 100 ms after they are asked for, later than the 60 ms the map waits before it reports where it
  // is. The first frame is stamped with the time it was asked for, as a browser stamps a frame
  // with its start: the zoom is then a few hundredths of the way from 4 to 5.
  await page.evaluate(() => {
    const slow = window as Window & { mapFrameAskedAt?: number };
    const quickly = slow.requestAnimationFrame.bind(slow);
    const cancelQuick = slow.cancelAnimationFrame.bind(slow);
    const slowFrames = new Set<number>();
    let mapFrames = 0;
    slow.requestAnimationFrame = (step) => {
      if (!String(step).includes("_animationEnd")) return quickly(step);
      const askedAt = performance.now();
      slow.mapFrameAskedAt = askedAt;
      const first = mapFrames++ === 0;
      const frame = slow.setTimeout(
        () => {
          slowFrames.delete(frame);
          step(first ? askedAt : performance.now());
        },
        first ? 0 : 100,
      );
      slowFrames.add(frame);
      return frame;
    };
    slow.cancelAnimationFrame = (frame) => (slowFrames.delete(frame) ? slow.clearTimeout(frame) : cancelQuick(frame));
  });
  await controls.getByRole("link", { name: "Zoom in" }).click();
  await expect(page).toHaveURL(/map\.zoom=5&map\.lat=39\.5&map\.lng=-98\.35$/);
  // The map animates its zoom frame by frame; it is at rest half a second after its last frame (no
  // frame at all leaves this at minus infinity).
  const sinceLastFrame = () => page.evaluate(() => performance.now() - ((window as Window & { mapFrameAskedAt?: number }).mapFrameAskedAt ?? Infinity));
  await expect.poll(sinceLastFrame).toBeGreaterThan(500);
  await expect(controls.getByText("Zoom 5")).toBeVisible();
  expect(addresses).toEqual(["?provider=all&map.zoom=5&map.lat=39.5&map.lng=-98.35"]);
});

test("a page left while the map's markers are on their way is the page gone to, never the 404 page @js-only", async ({ page }) => {
  const card = await openMap(page, true, "provider=all");
  const controls = card.getByRole("navigation", { name: "Coverage Map View controls" });
  // Hold the markers' answer (and, were the map a route of Remix's, its discovery) until the page moves on.
  const markersRequest = await holdRequests(page, /\/(__manifest\?p=%2Fdashboard%2Fkpi%2Fmap\.json|dashboard\/kpi\/map\.json)/);
  await controls.getByRole("link", { name: "Zoom in" }).click();
  await markersRequest.asked;
  await controls.getByRole("link", { name: "Pan east" }).click();
  await expect(page).toHaveURL(/map\.zoom=5&map\.lat=39\.5&map\.lng=-85\.1664$/);
  markersRequest.release();
  await expect.poll(() => card.locator(".map-box .map-marker").count()).toBeGreaterThan(0);
  await expect(page.getByText("Sorry, nothing here...(404)")).toHaveCount(0);
  await expect(controls.getByText("Zoom 5")).toBeVisible();
});
