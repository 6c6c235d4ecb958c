import type { Page, Request } from "@playwright/test";

export interface HeldRequests {
  /** The first request held, once the page has asked for it. */
  asked: Promise<Request>;
  /** Lets every held request (and those asked later) go on. */
  release(): void;
}

/**
 * Holds the page's requests matching `pattern` until `release()`: what a page does while an answer
 * is on its way. A request the page gave up meanwhile has nothing left to continue.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<HeldRequests> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return { asked: page.waitForRequest(pattern), release };
}
