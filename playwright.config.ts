import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eBrowserPath } from "./scripts/e2e-browser.mjs";
import { E2E_MAP_TILE_URL } from "./tests/e2e/map-tiles";

/**
 * The production build on a loopback port (3210 unless E2E_PORT says otherwise, so two checkouts
 * can run their browser tests side by side), with a fresh data directory per run.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * Made once by the runner (its workers inherit the variable and reuse it), so tests can read the
 * server's SQLite file to find rows of the kind they need; scripts/serve-e2e.mjs removes it.
 */
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
/** Scan request ids the built-in CCC ONE sandbox fails with HTTP 503: those ending in 7. */
export const E2E_CCCONE_FAILING_IDS = "\\d*7";
/** Shop ids whose registrations the built-in provider sandbox fails with HTTP 503 on Resend: those ending in 7. */
export const E2E_SHOP_REGISTRATION_FAILING_SHOPS = "\\d*7";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    // A trace records a screencast of every test to keep only the failing ones: a fifth of the
    // suite's time on this machine (docs/performance.md). CI prints the failure and its page snapshot
    // (error-context.md) and keeps no files, so it records none; a local run keeps failing tests' traces.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      // Debian's headless Chromium (the browser without its window's user interface, the build
      // Playwright itself uses for headless runs): `npx playwright install` cannot download one
      // here. The same suite on Debian's full chromium took 70% longer (docs/decisions/0081).
      // Or the Chromium E2E_BROWSER names (scripts/e2e-browser.mjs).
      executablePath: e2eBrowserPath(),
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Tests tagged @js-only check what scripts do (hydration, the console guard, pointer behaviour):
    // they belong to the js project only. Tests tagged @nojs-only check what the server answers,
    // where the browser's scripts play no part (a download, a request without a page): running
    // them again with JavaScript would prove nothing new, so they belong to the nojs project only.
    { name: "nojs", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
  ],
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SEED_SCALE: "1500",
      LOG_LEVEL: "warn",
      // Whatever the calling shell has set, the tests run against the embedded defaults.
      DATABASE_URL: "",
      SESSION_SECRET: "",
      DEMO_PASSWORD: "",
      OIDC_ISSUER: "",
      OIDC_CLIENT_ID: "",
      OIDC_CLIENT_SECRET: "",
      // Sign-in cookies belong to the public origin: it must be the origin the browser uses.
      PUBLIC_URL: BASE_URL,
      TRUST_PROXY: "",
      DATA_DIR: process.env.E2E_DATA_DIR,
      CCCONE_URL: "",
      CCCONE_SANDBOX_FAIL: E2E_CCCONE_FAILING_IDS,
      PROVIDER_SANDBOX_FAIL: E2E_SHOP_REGISTRATION_FAILING_SHOPS,
      MAP_TILE_URL: E2E_MAP_TILE_URL,
    },
  },
});
