import type { Browser, Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { runAxe } from "./axe-rules";

/**
 * axe-core runs inside the page and needs its timers, which a page without JavaScript never fires
 * (dequelabs/axe-core-npm#529). So the page the user sees without JavaScript is copied, as it is
 * now, into a page of a JavaScript-enabled context with the same viewport and cookies, at the same
 * URL (so stylesheets, images and frames load as before) and without any of the page's scripts;
 * axe checks that copy. The copy carries the live form state, open disclosures and the
 * <noscript> content a browser without JavaScript shows.
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

export async function analyzeScriptFreeCopy(page: Page, browser: Browser): Promise<AxeResults> {
  const html = await page.evaluate(copyWithoutScripts);
  const url = page.url().replace(/#.*$/, "");
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  try {
    const copy = await context.newPage();
    await copy.route(
      (candidate) => candidate.href === url,
      (route) =>
        route.request().isNavigationRequest() && route.request().frame() === copy.mainFrame()
          ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
          : route.continue(),
    );
    await copy.goto(url, { waitUntil: "load" });
    return await runAxe(copy);
  } finally {
    await context.close();
  }
}
