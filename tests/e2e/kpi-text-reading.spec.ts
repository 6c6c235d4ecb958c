import type { Locator, Page } from "@playwright/test";
import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";
import { DEMO_PROVIDER_ID } from "../../app/auth/demo-access";

// The KPI page shows the Coverage Map: its tiles are answered inside the browser.
test.use({ mapTiles: true });
test.describe.configure({ timeout: 90_000 });

const PAGE = `/dashboard/kpi?provider=${DEMO_PROVIDER_ID}`;
const MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";

async function openDashboard(page: Page, javaScript: boolean, size = { width: 1280, height: 800 }): Promise<void> {
  await page.setViewportSize(size);
  await withSession(page, "power");
  await page.goto(PAGE);
  await hydrated(page, javaScript);
}

function chart(page: Page, title: string): Locator {
  return page.getByRole("group", { name: `${title}: bar chart, each bar a link to its rows` });
}

/** Each axis label's text, and the chart's whole text with its runs of white space made one space. */
async function chartText(svg: Locator): Promise<{ labels: string[]; text: string }> {
  return svg.evaluate((element) => ({
    labels: [...element.querySelectorAll(".visx-axis text")].map((label) => label.textContent ?? ""),
    text: (element.textContent ?? "").replace(/\s+/g, " ").trim(),
  }));
}

/** Each axis label's drawn font size in CSS pixels (its size in the chart's units times the chart's scale). */
async function drawnLabelSizes(svg: Locator): Promise<number[]> {
  return svg.evaluate((element) =>
    [...element.querySelectorAll<SVGTextElement>(".visx-axis text")].map(
      (label) => parseFloat(getComputedStyle(label).fontSize) * (label.getScreenCTM()?.a ?? Number.NaN),
    ),
  );
}

/**
 * Issue 26 item 7: the dashboard read as text (a text browser such as lynx, or the page's text).
 * The cards' Week/Month toggles are one word each, drawn as W and M; a card's help reads as its
 * name, drawn as "?"; the charts' axis labels are apart from each other.
 */
test("reads its toggles as whole words and its chart labels apart from each other", async ({ page }, testInfo) => {
  await openDashboard(page, testInfo.project.name === "js");
  const toggle = page.getByRole("navigation", { name: "Successful Scans interval" });
  const links = toggle.getByRole("link");
  await expect(links).toHaveText(["Week", "Month"]);
  expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent))).toEqual(["Week", "Month"]);
  expect((await toggle.textContent())?.replace(/\s+/g, " ")).toBe("Week Month");
  // Drawn as one letter: each link stays as narrow as the W and M it showed before.
  for (const box of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getBoundingClientRect().width))) expect(box).toBeLessThan(40);
  const help = page.getByRole("region", { name: "Successful Scans" }).locator(".dashboard-help > summary");
  await expect(help).toHaveText("Additional Info. about Successful Scans");
  expect(await help.evaluate((summary) => getComputedStyle(summary, "::before").content)).toBe('"?"');
  // The dashboard's own toggle and Refresh are words apart too.
  expect((await page.getByRole("navigation", { name: "Interval", exact: true }).textContent())?.replace(/\s+/g, " ")).toBe("Week Month");

  const pageText = await page.locator("main").innerText();
  expect(pageText).not.toMatch(/WWeek|MMonth|Month\?/);

  for (const title of ["Shop Activity Trend", "Diagnostics Scan Trend"]) {
    const { labels, text } = await chartText(chart(page, title));
    expect(labels.length, `${title} has axis labels`).toBeGreaterThan(6);
    expect(labels.some((label) => new RegExp(`^(${MONTHS}) \\d+$`).test(label))).toBe(true);
    // The chart's text ends with its labels one after another, each apart: never "60Jul 2026Aug 2026"
    // (before them, without JavaScript, the bars' titles, each apart as well).
    expect(text.endsWith(` ${labels.join(" ")}`) || text === labels.join(" ")).toBe(true);
    expect(text).not.toMatch(/[\dK][A-Z][a-z]/);
    expect(text).not.toMatch(new RegExp(`\\d(${MONTHS})`));
  }
});

/**
 * Issue 26 item 8: at 390 px the charts' axis labels are drawn at least 11 px (they were 7.6 px,
 * scaled down with the chart), and the period labels do not run into each other.
 */
test("draws the charts' axis labels at 11 px or more at 390 px and at 1280 px", async ({ page }, testInfo) => {
  await openDashboard(page, testInfo.project.name === "js", { width: 390, height: 844 });
  for (const title of ["Shop Activity Trend", "Diagnostics Scan Trend"]) {
    const svg = chart(page, title);
    await svg.scrollIntoViewIfNeeded();
    const sizes = await drawnLabelSizes(svg);
    expect(sizes.length).toBeGreaterThan(6);
    for (const size of sizes) expect(size, `${title} label size`).toBeGreaterThanOrEqual(11);
    const periods = await svg
      .locator(".visx-axis-bottom text")
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()).map(({ left, right }) => ({ left, right })));
    for (let index = 1; index < periods.length; index++) expect(periods[index].left, "period labels apart").toBeGreaterThan(periods[index - 1].right + 2);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1280, height: 800 });
  for (const size of await drawnLabelSizes(chart(page, "Diagnostics Scan Trend"))) {
    expect(size).toBeGreaterThanOrEqual(11);
    expect(size).toBeLessThan(14);
  }
});

/**
 * Issue 26 item 7: without JavaScript the shop picker's hundreds of checkboxes are not in the page
 * until it is opened: closed, it is a link to the page with the picker open, so the first card
 * comes first when the page is read as text.
 */
test("leaves the shop picker's checkboxes out of the page until it is opened @nojs-only", async ({ page }) => {
  await openDashboard(page, false);
  await expect(page.getByRole("heading", { level: 2, name: "Registered Shops" })).toBeVisible();
  await expect(page.locator('input[name="shop"]')).toHaveCount(0);
  const opener = page.getByRole("link", { name: /^Shops: all \d+$/ });
  const offered = Number(/\d+/.exec((await opener.textContent()) ?? "")?.[0]);
  expect(offered).toBeGreaterThan(3);

  await opener.click();
  await expect(page).toHaveURL(new RegExp(`\\?provider=${DEMO_PROVIDER_ID}&picker=open$`));
  const form = page.getByRole("form", { name: "Shops" });
  await expect(form.getByRole("checkbox")).toHaveCount(offered);
  await expect(form.getByRole("checkbox").first()).toBeVisible();
  await expect(form.getByRole("checkbox").first()).toBeChecked();
  // Open, it is the disclosure it is with JavaScript: its summary closes it.
  await page.locator(".dashboard-shop-picker > summary").click();
  await expect(page.locator(".dashboard-shop-picker-form")).toBeHidden();
});

test("keeps the shop picker closed until its summary is clicked @js-only", async ({ page }) => {
  await openDashboard(page, true);
  const summary = page.locator(".dashboard-shop-picker > summary");
  await expect(summary).toHaveText(/^Shops: all \d+$/);
  const form = page.getByRole("form", { name: "Shops" });
  await expect(page.locator(".dashboard-shop-picker-form")).toHaveCount(1);
  await expect(page.locator(".dashboard-shop-picker-form")).toBeHidden();
  await summary.click();
  await expect(form.getByRole("checkbox").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?provider=${DEMO_PROVIDER_ID}$`));
});
