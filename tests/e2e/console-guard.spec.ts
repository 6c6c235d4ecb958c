// Uses Playwright's plain test: this spec checks the guard the other specs rely on.
import { expect, test } from "@playwright/test";
import { BrowserProblemCollector } from "./fixtures";

// The errors are made by scripts: the test is tagged for the js project alone.
test("the console guard reports console errors, page errors and undeclared 404s @js-only", async ({ page }) => {
  const guard = new BrowserProblemCollector(page);
  guard.allowNotFound("/console-guard");
  await page.goto("/console-guard");
  await page.evaluate(async () => {
    console.error("deliberate error");
    await fetch("/build/missing-file.js");
    setTimeout(() => {
      throw new Error("deliberate page error");
    });
  });
  await expect.poll(() => guard.unexpected().length).toBe(3);
  expect(guard.unexpected()).toEqual([
    expect.stringContaining("console error: deliberate error"),
    expect.stringMatching(/status of 404 \(Not Found\) at http:\/\/[^/]+\/build\/missing-file\.js$/),
    "page error: deliberate page error",
  ]);
});
