import type { Browser, BrowserContext, Page, Route } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { runAxe } from "./axe-rules";
import { serveMapTiles } from "../map-tiles";

/**
 * axe-core runs inside the page and needs its timers, which a page without JavaScript never fires
 * (dequelabs/axe-core-npm#529). So the page the user sees without JavaScript is copied, as it is
 * now, into a page of a JavaScript-enabled context with the same viewport and cookies, at the same
 * URL (so stylesheets, images and frames load as before) and without any of the page's scripts;
 * axe checks that copy. The copy carries the live form state, open disclosures and the
 * <noscript> content a browser without JavaScript shows.
 *
 * One such scripted page serves every check of a worker (ScriptFreeCopier): a new browser context
 * per check cost a second or more of each check on a busy two-core machine (a new renderer, and
 * every stylesheet, font and image fetched again). Before each copy the page takes the checked
 * page's cookies (and nothing else: a page without JavaScript cannot write storage) and viewport,
 * and it opens the copy as a new document, so nothing of the previous copy stays.
 */

/** Runs in the page without JavaScript (synchronously: promises there would never settle). */
function copyWithoutScripts(): string {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  const selector = "input, textarea, option";
  const live = document.documentElement.querySelectorAll(selector);
  copy.querySelectorAll(selector).forEach((element, index) => {
    const source = live[index];
    if (source instanceof HTMLInputElement) {
      if (source.type === "checkbox" || source.type === "radio") element.toggleAttribute("checked", source.checked);
      else if (source.type !== "password" && source.type !== "file") element.setAttribute("value", source.value);
    } else if (source instanceof HTMLTextAreaElement) {
      element.textContent = source.value;
    } else if (source instanceof HTMLOptionElement) {
      element.toggleAttribute("selected", source.selected);
    }
  });
  copy.querySelectorAll("script").forEach((script) => script.remove());
  // Parsed without scripting, <noscript> holds elements; a scripting parser would make them text.
  copy.querySelectorAll("noscript").forEach((noscript) => noscript.replaceWith(...Array.from(noscript.childNodes)));
  return `<!DOCTYPE html>${copy.outerHTML}`;
}

export class ScriptFreeCopier {
  private context: BrowserContext | null = null;
  private copyPage: Page | null = null;

  constructor(private readonly browser: Browser) {}

  private async page(): Promise<Page> {
    if (!this.copyPage || this.copyPage.isClosed()) {
      if (!this.context) {
        this.context = await this.browser.newContext({ javaScriptEnabled: true });
        await serveMapTiles(this.context);
      }
      this.copyPage = await this.context.newPage();
    }
    return this.copyPage;
  }

  /** axe's results on a script-free copy of the page as it is now, at its URL, with its cookies and viewport. */
  async analyze(page: Page): Promise<AxeResults> {
    const html = await page.evaluate(copyWithoutScripts);
    const url = page.url().replace(/#.*$/, "");
    const copy = await this.page();
    await copy.context().clearCookies();
    await copy.context().addCookies(await page.context().cookies());
    const viewport = page.viewportSize();
    if (viewport) await copy.setViewportSize(viewport);
    const isCopied = (candidate: URL) => candidate.href === url;
    const serveCopy = (route: Route) =>
      route.request().isNavigationRequest() && route.request().frame() === copy.mainFrame()
        ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
        : route.continue();
    await copy.route(isCopied, serveCopy);
    try {
      await copy.goto(url, { waitUntil: "load" });
    } finally {
      await copy.unroute(isCopied, serveCopy);
    }
    return runAxe(copy);
  }

  async close(): Promise<void> {
    await this.context?.close();
    this.context = null;
    this.copyPage = null;
  }
}
