import {
  ALL_PROVIDERS,
  cardInterval,
  cardMakeParam,
  cardNarrowing,
  cardProviderScanTypeParam,
  carriedParams,
  kpiHref,
  withCardInterval,
  type DashboardQuery,
} from "./dashboard-url";
import { CARDS_WITH_INTERVAL, CARDS_WITH_NARROWING, type CardSelectors, type IntervalLink } from "./kpi-cards";
import { INTERVALS } from "./periods";

/** A card's own Week/Month links, or null for a card without its own interval. */
export function intervalToggle(query: DashboardQuery, cardId: string): IntervalLink[] | null {
  if (!(CARDS_WITH_INTERVAL as readonly string[]).includes(cardId)) return null;
  const shown = cardInterval(query, cardId);
  return INTERVALS.map((interval) => ({ interval, href: kpiHref(withCardInterval(query, cardId, interval)), current: interval === shown }));
}

/** A card's make and provider-scan-type form, or null for a card without selectors. */
export function cardSelectors(query: DashboardQuery, cardId: string): CardSelectors | null {
  if (!(CARDS_WITH_NARROWING as readonly string[]).includes(cardId)) return null;
  const { make, providerScanType } = cardNarrowing(query, cardId);
  const provider: [string, string] = ["provider", query.provider === null ? ALL_PROVIDERS : String(query.provider)];
  return {
    makeParam: cardMakeParam(cardId),
    make: make ?? "",
    providerScanTypeParam: cardProviderScanTypeParam(cardId),
    providerScanType: providerScanType ?? "",
    carried: [provider, ...carriedParams(query, { shops: true, narrowings: true, exceptNarrowingOf: cardId })],
  };
}
