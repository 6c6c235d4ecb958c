import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";
import { expect, hydrated, totalRows } from "./grid-page";
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
