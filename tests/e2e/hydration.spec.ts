import { expect, test } from "./fixtures";
import { withSession } from "./sign-in";

declare global {
  interface Window {
    __remixRouter?: unknown;
    /** Set by the test: survives a client-side navigation, not a full page load. */
    __sameDocument?: boolean;
  }
}

// Hydration exists only with JavaScript: the test is tagged for the js project alone.
test("the page hydrates without console errors and navigates on the client @js-only", async ({ page, browserProblems }) => {
  browserProblems.allowNotFound("/hydration-check");
  await withSession(page, "portal");

  await page.goto("/hydration-check");
  await page.waitForFunction(() => window.__remixRouter !== undefined);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByRole("link", { name: "Go back" }).click();
  // "/" sends the user on to their landing page, still without loading a new document.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
});
