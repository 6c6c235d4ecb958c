import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { OncePerRun } from "./accessibility/once-per-run";
import { registerScreenAudit, ScreenAudit } from "./accessibility/screen-audit";
import { ScriptFreeCopier } from "./accessibility/script-free-copy";
import { serveMapTiles } from "./map-tiles";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const STATUS_TEXT = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found" } as const;

/** Console errors and uncaught page errors of one page. */
export class BrowserProblemCollector {
  private readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];

  constructor(page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error") this.problems.push(`console error: ${message.text()} at ${message.location().url}`);
    });
    page.on("pageerror", (error) => this.problems.push(`page error: ${error.message}`));
  }

  /**
   * Chromium logs every 404 response as a console error, the document's own included. Pages that
   * are 404 on purpose declare their paths here; any other 404 (a missing favicon, script or
   * stylesheet) is still a problem.
   */
  allowNotFound(...paths: string[]): void {
    this.allowStatus(404, ...paths);
  }

  /**
   * Other answers a test expects (a rejected form's 400, the keep-alive's 401), which Chromium
   * logs the same way. A `*` in a path matches anything.
   */
  allowStatus(status: keyof typeof STATUS_TEXT, ...paths: string[]): void {
    for (const path of paths) {
      this.allowed.push(
        new RegExp(
          `^console error: Failed to load resource: the server responded with a status of ${status} \\(${STATUS_TEXT[status]}\\) at https?://[^/]+${escapeRegExp(path).replace(/\\\*/g, "\\S*")}$`,
        ),
      );
    }
  }

  unexpected(): string[] {
    return this.problems.filter((problem) => !this.allowed.some((pattern) => pattern.test(problem)));
  }
}

/** The time one accessibility check may take, added to the test's timeout when it runs one. */
const ACCESSIBILITY_CHECK_TIMEOUT = 30_000;

/**
 * Every test fails on a console error or an uncaught page error (hydration mismatches, CSP
 * violations, failed scripts, missing files), unless it allowed that 404 explicitly; and on a
 * serious or critical accessibility problem of a screen its page shows at the end of the test or at
 * a checkAccessibility(page) checkpoint, each screen checked once per project and run
 * (docs/decisions/0018-accessibility-checks.md).
 */
export const test = base.extend<
  { browserProblems: BrowserProblemCollector; screenAudit: ScreenAudit; mapTiles: boolean },
  { scriptFreeCopier: ScriptFreeCopier }
>({
  /**
   * Tests of pages with the map set this (`test.use({ mapTiles: true })`): its tiles come from a
   * host only the browser's own routing answers (map-tiles.ts). Not for every test: routing turns
   * off the browser's HTTP cache, and every page would load all its scripts again.
   */
  mapTiles: [false, { option: true }],
  context: async ({ context, mapTiles }, provide) => {
    if (mapTiles) await serveMapTiles(context);
    await provide(context);
  },
  // The scripted page that checks copies of pages without JavaScript: one per worker (script-free-copy.ts).
  scriptFreeCopier: [
    async ({ browser }, use) => {
      const copier = new ScriptFreeCopier(browser);
      await use(copier);
      await copier.close();
    },
    { scope: "worker" },
  ],
  browserProblems: [
    async ({ page }, use) => {
      const collector = new BrowserProblemCollector(page);
      await use(collector);
      expect(collector.unexpected(), "console errors and page errors").toEqual([]);
    },
    { auto: true },
  ],
  screenAudit: [
    async ({ page, scriptFreeCopier, javaScriptEnabled }, use, testInfo) => {
      const audit = new ScreenAudit({
        page,
        javaScript: javaScriptEnabled,
        scriptFreeCopier,
        screens: new OncePerRun(path.join(testInfo.project.outputDir, "accessibility-checked", testInfo.project.name)),
        // A check costs seconds (more on a busy machine): it brings its own time, so which test happens
        // to reach a screen first does not change how much time that test's own steps have.
        onCheckStarting: () => testInfo.setTimeout(testInfo.timeout + ACCESSIBILITY_CHECK_TIMEOUT),
        onChecked: (check) => testInfo.annotations.push({ type: "accessibility", description: `${check.key}: ${check.seconds.toFixed(2)} s` }),
      });
      registerScreenAudit(page, audit);
      await use(audit);
      // A test that failed already has its own story to tell; its last screen waits for another test.
      if (testInfo.status === testInfo.expectedStatus) await audit.expectAccessible();
    },
    { auto: true },
  ],
});

export { expect };
