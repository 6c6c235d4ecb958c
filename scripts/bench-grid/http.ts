import type { Browser } from "../../tests/support/http-browser";

/**
 * A GET that tries once more when the connection fails before an answer: after a long pause (the
 * SQL timed alone in between) the server may close an idle keep-alive connection just as the
 * client reuses it.
 */
export async function getOnce(browser: Browser, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await browser.request(url, init);
  } catch {
    return browser.request(url, init);
  }
}
