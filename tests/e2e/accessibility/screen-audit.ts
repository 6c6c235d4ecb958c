import { expect, type Page } from "@playwright/test";
import { describeViolations, failingViolations, runAxe } from "./axe-rules";
import { gridSemanticsProblems } from "./grid-semantics";
import type { OncePerRun } from "./once-per-run";
import { pageHeadingProblems } from "./page-heading";
import { describeScreen, screenKey } from "./screen-key";
import type { ScriptFreeCopier } from "./script-free-copy";

export interface ScreenAuditOptions {
  page: Page;
  javaScript: boolean;
  /** Checks the script-free copy of a page without JavaScript (one per worker). */
  scriptFreeCopier: ScriptFreeCopier;
  screens: OncePerRun;
  /** Told when a check starts (the fixture gives the test time for it). */
  onCheckStarting?: () => void;
  /** Told of every screen actually checked (the fixture notes it on the test). */
  onChecked?: (check: ScreenCheck) => void;
}

export interface ScreenCheck {
  key: string;
  /** How long the check took (0 when skipped), for the cost figures in docs/performance.md. */
  seconds: number;
  /** false when this run had checked the screen already (or the page shows no HTML). */
  checked: boolean;
  problems: string[];
}

/**
 * Checks the screens one test's page shows: at the end of the test, and wherever a test (or a
 * helper such as the sign-in) calls checkAccessibility(page). Each screen (screen-key.ts) is checked
 * once per project and run, whichever test reaches it first.
 */
export class ScreenAudit {
  private documentStatus: number | null = null;
  private readonly page: Page;
  private readonly javaScript: boolean;

  constructor(private readonly options: ScreenAuditOptions) {
    const { page } = options;
    this.page = page;
    this.javaScript = options.javaScript;
    // The status of the last document (redirects aside): without JavaScript, the only sign that an
    // error page shows.
    page.on("response", (response) => {
      const request = response.request();
      const status = response.status();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && (status < 300 || status >= 400)) {
        this.documentStatus = status;
      }
    });
  }

  /**
   * Lets hydration, scripted navigation, fetchers and transitions (a dialog fading in) finish, so
   * the check sees the screen the user sees: with JavaScript, a Remix page once its router is
   * idle and nothing is animating, twice over a couple of frames (hydration re-renders the grid).
   */
  private async settle(): Promise<void> {
    await this.page.waitForLoadState("load");
    if (!this.javaScript) return;
    const settled = () =>
      this.page.waitForFunction(() => {
        type Router = { state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> } };
        const remix = window as unknown as { __remixContext?: unknown; __remixRouter?: Router };
        const router = remix.__remixRouter;
        if (remix.__remixContext !== undefined && !router) return false;
        const routerIdle =
          !router ||
          (router.state.navigation.state === "idle" &&
            router.state.revalidation === "idle" &&
            Array.from(router.state.fetchers.values()).every((fetcher) => fetcher.state === "idle"));
        const moving = document
          .getAnimations()
          .some((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
        return routerIdle && !moving;
      });
    await settled();
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settled();
  }

  async check(): Promise<ScreenCheck> {
    if (this.page.isClosed()) return { key: "(page closed)", seconds: 0, checked: false, problems: [] };
    this.options.onCheckStarting?.();
    await this.settle();
    const screen = await describeScreen(this.page);
    const key = screenKey(screen, this.documentStatus);
    if (!screen.isHtml || !this.options.screens.claim(key)) return { key, seconds: 0, checked: false, problems: [] };

    const started = performance.now();
    const results = this.javaScript ? await runAxe(this.page) : await this.options.scriptFreeCopier.analyze(this.page);
    const problems = [
      ...describeViolations(failingViolations(results)),
      ...(await pageHeadingProblems(this.page)),
      ...(await gridSemanticsProblems(this.page)),
    ];
    const check = { key, seconds: (performance.now() - started) / 1000, checked: true, problems };
    this.options.onChecked?.(check);
    return check;
  }

  /** Checks now and fails the test on a serious or critical violation. */
  async expectAccessible(): Promise<ScreenCheck> {
    const result = await this.check();
    const where = `${result.key} at ${this.page.url()}, JavaScript ${this.javaScript ? "on" : "off"}`;
    expect(result.problems, `serious or critical accessibility problems on ${where}`).toEqual([]);
    return result;
  }
}

const audits = new WeakMap<Page, ScreenAudit>();

export function registerScreenAudit(page: Page, audit: ScreenAudit): void {
  audits.set(page, audit);
}

/**
 * A checkpoint: checks the screen the page shows now (a dialog open, a page a test passes through),
 * once per run. Pages of tests that do not use the fixtures' test are not audited.
 */
export async function checkAccessibility(page: Page): Promise<ScreenCheck | null> {
  const audit = audits.get(page);
  return audit ? audit.expectAccessible() : null;
}
