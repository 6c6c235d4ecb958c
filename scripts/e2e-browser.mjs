/**
 * The Chromium the browser tests drive: Debian's package chromium-headless-shell (the browser
 * download of `npx playwright install` is not available here), or another Chromium named by
 * E2E_BROWSER, e.g. /usr/bin/chromium, the full browser. playwright.config.ts launches it;
 * scripts/ensure-browser.mjs checks that it is installed (.ci/run, in bash, checks on its own).
 */
export const HEADLESS_CHROMIUM_PACKAGE = "chromium-headless-shell";

/** @returns {string} the browser's executable */
export function e2eBrowserPath() {
  return process.env.E2E_BROWSER || `/usr/bin/${HEADLESS_CHROMIUM_PACKAGE}`;
}
