import type { Locator, Page } from "@playwright/test";
import { readE2eDatabase } from "./e2e-database";
import { test } from "./fixtures";
import { expect, hydrated } from "./grid-page";
import { withSession } from "./sign-in";

/**
 * The detail view at 1280x800 and 390x844, with and without JavaScript: the Service Summary's Quote
 * Items and the Quote tab's Service Line Details show every field inside their cards, nothing
 * scrolls sideways, and money reads the same everywhere. The assertions measure boxes.
 */

test.describe.configure({ timeout: 90_000 });

const MONEY = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

/** A request with an invoice and a quote that has service lines. */
function requestWithQuoteLines(): number {
  return readE2eDatabase(
    (db) =>
      (
        db
          .prepare(
            `select r.scan_request_id as id from scan_requests r
             join invoices i on i.scan_request_id = r.scan_request_id
             where r.type = 'diagnostics' and i.invoice_net_price is not null
               and exists (select 1 from quote_service_lines l where l.quote_id = r.quote_id)
             order by r.scan_request_id desc limit 1`,
          )
          .get() as { id: number }
      ).id,
  );
}

/** How far any of the elements reaches past the container's right edge (0 when all fit), and whether any of them clips its own text. */
async function overflow(elements: Locator, container: Locator): Promise<{ pastEdge: number; clipped: string[] }> {
  const edge = await container.evaluate((element) => element.getBoundingClientRect().right);
  return elements.evaluateAll(
    (nodes, right) => ({
      pastEdge: Math.max(0, ...nodes.map((node) => node.getBoundingClientRect().right - right)),
      clipped: nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent ?? ""),
    }),
    edge,
  );
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}x${viewport.height} the Quote Items, the Service Line Details and the Invoice Total fit their cards`, async ({
    page,
  }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    await page.setViewportSize(viewport);
    const id = requestWithQuoteLines();
    await withSession(page, "power");
    await page.goto(`/transactions/${id}?tab=quote&section=services`);
    await hydrated(page, javaScript);

    const summary = page.getByRole("complementary");
    const quoteItems = summary.getByRole("table", { name: "Quote Items" });
    await expect(quoteItems).toBeVisible();
    expect(await overflow(quoteItems.locator("th, td"), summary)).toEqual({ pastEdge: 0, clipped: [] });
    for (const price of await quoteItems.locator("tbody td:nth-child(n+3)").allTextContents()) expect(price).toMatch(MONEY);

    const totals = await summary.locator('dl[aria-label="Invoice Total"] dd').allTextContents();
    expect(totals).toHaveLength(3);
    for (const value of totals) expect(value).toMatch(MONEY);

    const lines = page.getByRole("list", { name: "Service Line Details" });
    await expect(lines.getByRole("listitem").first()).toBeVisible();
    const first = lines.getByRole("listitem").first();
    for (const label of ["Service UID", "CCC Procedure ID", "CCC Procedure Description", "Provider Retail Price", "Shop Cost"]) {
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    }
    expect(await overflow(lines.locator("dt, dd"), lines)).toEqual({ pastEdge: 0, clipped: [] });
    expect(await pageScrollsSideways(page)).toBe(false);
  });
}
