import { test as base, expect, type Page } from "@playwright/test";

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

/**
 * Every test fails on a console error or an uncaught page error (hydration mismatches, CSP
 * violations, failed scripts, missing files), unless it allowed that 404 explicitly.
 */
export const test = base.extend<{ browserProblems: BrowserProblemCollector }>({
  browserProblems: [
    async ({ page }, use) => {
      const collector = new BrowserProblemCollector(page);
      await use(collector);
      expect(collector.unexpected(), "console errors and page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
