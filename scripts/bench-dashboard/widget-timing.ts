import type { PortalDatabase } from "../../app/db/connect.server";
import { setDatabase } from "../../app/db/db.server";
import { recentPeriods, type Interval } from "../../app/modules/dashboard/periods";
import { providerShopOptions } from "../../app/modules/dashboard/provider-shops.server";
import { scansByPeriod } from "../../app/modules/dashboard/scan-figures.server";
import { ALL_OF_CARD, type DashboardScope } from "../../app/modules/dashboard/scope";
import { activeShopsByPeriod, newRegistrationsByPeriod, registeredShops, registrationsByShopStatus } from "../../app/modules/dashboard/shop-figures.server";
import { repeat, type Timing } from "../bench-grid/stats";

/** One widget query of the KPI page, as the page calls it. */
interface WidgetQuery {
  name: string;
  /** The cards it feeds. */
  cards: string;
  run(scope: DashboardScope, interval: Interval, now: Date): Promise<unknown>;
  /** Only with one provider chosen (the shop picker's list). */
  oneProviderOnly?: boolean;
}

export const WIDGET_QUERIES: readonly WidgetQuery[] = [
  {
    name: "scansByPeriod",
    cards: "Successful Scans, Failed Scans, Average Scan Time, Diagnostics Scan Trend, Diagnostics Function Trend",
    run: (scope, interval, now) => scansByPeriod(scope, recentPeriods(interval, now), ALL_OF_CARD),
  },
  { name: "activeShopsByPeriod", cards: "Shop Activity Trend", run: (scope, interval, now) => activeShopsByPeriod(scope, recentPeriods(interval, now)) },
  {
    name: "registeredShops",
    cards: "Registered Shops",
    run: (scope, interval, now) => {
      const periods = recentPeriods(interval, now);
      return registeredShops(scope, periods[periods.length - 1]);
    },
  },
  {
    name: "newRegistrationsByPeriod",
    cards: "Shop Adoption Trend",
    run: (scope, interval, now) => newRegistrationsByPeriod(scope, recentPeriods(interval, now)),
  },
  { name: "registrationsByShopStatus", cards: "Shop List", run: (scope, _interval, now) => registrationsByShopStatus(scope, now) },
  {
    name: "providerShopOptions",
    cards: "the shop picker's list",
    oneProviderOnly: true,
    run: (scope) => providerShopOptions(scope.providers.kind === "one" ? scope.providers.providerId : 0),
  },
];

export interface WidgetTiming {
  query: WidgetQuery;
  timing: Timing;
}

/** Each widget query alone in this process against the same database: one warm-up, then `runs` timed runs. */
export async function timeWidgetQueries(database: PortalDatabase, scope: DashboardScope, interval: Interval, runs: number): Promise<WidgetTiming[]> {
  setDatabase(database);
  const now = new Date();
  const timings: WidgetTiming[] = [];
  for (const query of WIDGET_QUERIES) {
    if (query.oneProviderOnly && scope.providers.kind !== "one") continue;
    const timing = await repeat(
      async () => {
        await query.run(scope, interval, now);
      },
      { runs, seconds: 3600, warmup: 1 },
    );
    timings.push({ query, timing });
  }
  return timings;
}
