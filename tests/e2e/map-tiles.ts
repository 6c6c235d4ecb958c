import type { BrowserContext } from "@playwright/test";

/**
 * The e2e server's map tiles (MAP_TILE_URL in playwright.config.ts): a host that does not exist,
 * answered inside the browser with one grey tile, so no test needs the internet and a missing tile
 * is never a console error.
 */
export const E2E_MAP_TILE_ORIGIN = "http://tiles.e2e.test";
export const E2E_MAP_TILE_URL = `${E2E_MAP_TILE_ORIGIN}/{z}/{x}/{y}.png`;

/** A 1x1 grey PNG, stretched over each tile. */
const GREY_TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4AQAA2gDZEE0EmAAAAABJRU5ErkJggg==", "base64");

/**
 * A tile the page stopped waiting for (it navigated on, or the copy page of the accessibility check
 * loaded the next copy) has no request left to answer; Playwright says "Route is already handled!"
 * or that the page closed. Only that is ignored.
 */
function ignoreGoneRequest(error: Error): void {
  if (!/already handled|has been closed/.test(error.message)) throw error;
}

export async function serveMapTiles(context: BrowserContext): Promise<void> {
  await context.route(`${E2E_MAP_TILE_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: GREY_TILE }).catch(ignoreGoneRequest),
  );
}
