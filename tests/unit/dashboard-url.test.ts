import { describe, expect, it } from "vitest";
import { cardNarrowing, carriedParams, dashboardSearch, type DashboardQuery } from "~/modules/dashboard/dashboard-url";
import { INITIAL_VIEW } from "~/modules/dashboard/map-view";

const query: DashboardQuery = {
  provider: 1001,
  shops: [7, 3],
  interval: "WEEK",
  cardIntervals: { scanTrend: "MONTH" },
  cardNarrowings: { successfulScans: { make: "FORD", providerScanType: null }, functionTrend: { make: "KIA", providerScanType: "PRE_SCAN" } },
  map: INITIAL_VIEW,
};

describe("the dashboard's URL with each card's make and provider scan type", () => {
  it("writes them after the intervals, card by card in alphabetical order, All left out", () => {
    expect(dashboardSearch(query)).toBe(
      "provider=1001&shop=7&shop=3&interval=WEEK&scanTrend.interval=MONTH&functionTrend.make=KIA&functionTrend.providerScanType=PRE_SCAN&successfulScans.make=FORD",
    );
    expect(cardNarrowing(query, "failedScans")).toEqual({ make: null, providerScanType: null });
    expect(cardNarrowing(query, "functionTrend")).toEqual({ make: "KIA", providerScanType: "PRE_SCAN" });
  });

  it("carries them in the shop picker, drops them in the provider form, and leaves a card's own to its form", () => {
    expect(carriedParams(query, { shops: false, narrowings: true })).toEqual([
      ["interval", "WEEK"],
      ["scanTrend.interval", "MONTH"],
      ["functionTrend.make", "KIA"],
      ["functionTrend.providerScanType", "PRE_SCAN"],
      ["successfulScans.make", "FORD"],
    ]);
    expect(carriedParams(query, { shops: false, narrowings: false })).toEqual([
      ["interval", "WEEK"],
      ["scanTrend.interval", "MONTH"],
    ]);
    expect(carriedParams(query, { shops: true, narrowings: true, exceptNarrowingOf: "functionTrend" })).toEqual([
      ["shop", "7"],
      ["shop", "3"],
      ["interval", "WEEK"],
      ["scanTrend.interval", "MONTH"],
      ["successfulScans.make", "FORD"],
    ]);
  });
});
