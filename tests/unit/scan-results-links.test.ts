import { describe, expect, it } from "vitest";
import type { GridRow } from "~/grid/grid-view";
import { canResendScanResults } from "~/modules/scan-results/bulk-rule";
import { backTarget, detailHref } from "~/modules/transaction-detail/detail-kinds";
import { previewBackLink } from "~/modules/transaction-results/links";

const row = (id: string, scanType: string): GridRow => ({ id, cells: { scanType } });

describe("the Scan Results table's links and rule", () => {
  it("lets the transaction and service views' Back return to the table with its query, and nowhere else", () => {
    const table = "/transactions/scanResults?from=2026-01-01&cols=scanResponseId,vin&expanded=12";
    expect(backTarget("transaction", table)).toBe(table);
    expect(backTarget("transaction", "/transactions/scanResultsX?a=1")).toBe("/transactions");
    // Service rows open the service view, whose Back returns to the table too.
    expect(backTarget("service", table)).toBe(table);
    expect(backTarget("quote", table)).toBe("/transactions/quotes");
    expect(detailHref("transaction", 5, table)).toBe(`/transactions/5?${new URLSearchParams({ back: table })}`);
  });

  it("lets a report preview's Back return to the table, never to another origin", () => {
    const table = "/transactions/scanResults?from=2026-01-01&cols=scanResponseId,vin&expanded=12";
    expect(previewBackLink(table, 12)).toBe(table);
    expect(previewBackLink("/transactions/scanResults", 12)).toBe("/transactions/scanResults");
    expect(previewBackLink("/transactions/scanResults//evil.example", 12)).toBe("/transactions/12?tab=reports");
    expect(previewBackLink("//evil.example/transactions/scanResults", 12)).toBe("/transactions/12?tab=reports");
    expect(previewBackLink("/transactions/scanResults\\@evil", 12)).toBe("/transactions/12?tab=reports");
  });

  it("offers Available Actions only when every selected row is of scan type Scan", () => {
    expect(canResendScanResults([])).toBe(false);
    expect(canResendScanResults([row("1", "Scan"), row("2", "Scan")])).toBe(true);
    expect(canResendScanResults([row("1", "Scan"), row("2", "Calibration")])).toBe(false);
  });
});
