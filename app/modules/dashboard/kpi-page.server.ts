import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import { todayIn } from "~/grid/dates";
import { log } from "~/lib/logger.server";
import { SCAN_TYPES } from "~/modules/transactions/vocabulary";
import { cardSelectors, intervalToggle } from "./card-controls";
import { resolveDashboardQuery } from "./dashboard-query.server";
import { cardInterval, cardNarrowing, figuresCsvHref, type DashboardQuery } from "./dashboard-url";
import { formatPercentChange, percentChange, scanTimeFigure } from "./figure-format";
import {
  cardLink,
  countFigure,
  type CardLink,
  type CardView,
  type CountCardView,
  type MapMarkersAnswer,
  type TrendCardView,
  type TrendPeriod,
} from "./kpi-cards";
import { KPI_HELP } from "./kpi-help";
import { mapCard, mapMarkers } from "./map-card.server";
import { INITIAL_VIEW, MAP_SIZE } from "./map-view";
import { DASHBOARD_TIME_ZONE, recentPeriods, sinceLabel, type Interval, type Period } from "./periods";
import { transactionsHref } from "./rows-links";
import { scansByPeriod, type PeriodScans } from "./scan-figures.server";
import { ALL_OF_CARD, oneProvider, SELECTABLE_PROVIDERS, type CardNarrowing, type DashboardScope } from "./scope";
import { activeShopsByPeriod, newRegistrationsByPeriod, registeredShops, registrationsByShopStatus } from "./shop-figures.server";
import { shopListHref } from "./shop-list-links";
import { SHOP_STATUSES } from "./shop-statuses";
import { STATUS_GROUP_LABELS, STATUS_GROUPS, STATUSES_OF_GROUP, type StatusGroup } from "./status-groups";

const GROUP_COLORS: Record<StatusGroup, string> = { successful: "#2b8a3e", failed: "#c92a2a", cancelled: "#5c5f66" };
const FUNCTION_COLORS = ["#1864ab", "#5f3dc4", "#a61e4d", "#e67700", "#0b7285"];

interface CardContext {
  query: DashboardQuery;
  scope: DashboardScope;
  /** The providers the links name: the chosen one, or every selectable one (decision 0064). */
  providerIds: readonly number[];
  periods: Period[];
  today: string;
  since: string;
  /** The card's own make and provider scan type (All for the cards without selectors). */
  narrowing: CardNarrowing;
  /** The one pass of scan counts several cards share. */
  scans: () => Promise<PeriodScans[]>;
  /** Whether the user may open the transactions grid the numbers link to (without it they are no links: decision 0057). */
  linksToTransactions: boolean;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
}

function failedCard(id: string, title: string, kind: CardView["kind"]): CardView {
  const help = KPI_HELP[id] ?? "";
  switch (kind) {
    case "count":
      return { kind, id, title, help, failed: true, empty: false, value: { text: "", exact: "", href: null, rows: null }, change: null, since: "" };
    case "trend":
      return { kind, id, title, help, failed: true, series: [], periods: [], csvHref: null };
    case "breakdown":
      return { kind, id, title, help, failed: true, items: [], whole: { text: "", exact: "", href: null, rows: null } };
    case "map":
      return { kind, id, title, help, failed: true, view: INITIAL_VIEW, markers: [], shops: 0, capped: false, readAt: "", tileUrl: "", window: "" };
  }
}

/** A card whose query fails says 'NO DATA AVAILABLE' (the error logged); the page still renders. */
async function cardOrFailure(id: string, title: string, kind: CardView["kind"], build: () => Promise<CardView>): Promise<CardView> {
  try {
    return await build();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error("A dashboard card's figures could not be read", { card: id, error });
    return failedCard(id, title, kind);
  }
}

function rowsHref(context: CardContext, period: Period, filters: { statuses?: readonly string[]; scanType?: string }): string | null {
  if (!context.linksToTransactions) return null;
  return transactionsHref({
    providers: context.providerIds,
    shops: context.query.shops,
    period,
    today: context.today,
    narrowing: context.narrowing,
    ...filters,
  });
}

function countCard(id: string, title: string, context: CardContext, figures: { current: number; previous: number }, value: CardLink): CountCardView {
  return {
    kind: "count",
    id,
    title,
    help: KPI_HELP[id],
    failed: false,
    empty: false,
    value,
    change: formatPercentChange(percentChange(figures.current, figures.previous)),
    since: context.since,
  };
}

/** The mean scan time of a period's successful scans with both stamps; null when it has none (no data, not zero). */
function averageScanMs(period: PeriodScans): number | null {
  return period.durationCount === 0 ? null : period.durationMsSum / period.durationCount;
}

async function scansOfGroupCard(id: string, title: string, group: StatusGroup, context: CardContext): Promise<CardView> {
  const scans = await context.scans();
  const [previous, current] = scans.slice(-2);
  const value = current.byGroup[group];
  const href = rowsHref(context, context.periods[context.periods.length - 1], { statuses: STATUSES_OF_GROUP[group] });
  return countCard(id, title, context, { current: value, previous: previous.byGroup[group] }, cardLink(countFigure(value), href, value));
}

/**
 * Average Scan Time: an average of no scans is no data ('NO DATA AVAILABLE', no link), never
 * "0.00 min"; the change needs an average in both periods (decision 0064).
 */
async function averageScanTimeCard(context: CardContext): Promise<CardView> {
  const scans = await context.scans();
  const [previous, current] = scans.slice(-2).map(averageScanMs);
  if (current === null) {
    return {
      kind: "count",
      id: "averageScanTime",
      title: "Average Scan Time",
      help: KPI_HELP.averageScanTime,
      failed: false,
      empty: true,
      value: cardLink({ text: "", exact: "" }, null, 0),
      change: null,
      since: context.since,
    };
  }
  const href = rowsHref(context, context.periods[context.periods.length - 1], { statuses: STATUSES_OF_GROUP.successful });
  const successful = scans[scans.length - 1].byGroup.successful;
  return countCard("averageScanTime", "Average Scan Time", context, { current, previous: previous ?? 0 }, cardLink(scanTimeFigure(current), href, successful));
}

async function registeredShopsCard(context: CardContext): Promise<CardView> {
  const shops = await registeredShops(context.scope, context.periods[context.periods.length - 1]);
  // Picked shops have no Shop List filter yet: the number links only when it is the provider's whole list.
  const href = context.query.shops.length === 0 ? shopListHref(context.query, context.today, ["Transacting", "Non-Transacting"]) : null;
  return countCard(
    "registeredShops",
    "Registered Shops",
    context,
    { current: shops.now, previous: shops.atPeriodStart },
    cardLink(countFigure(shops.now), href, shops.now),
  );
}

/** The Shop List card's link to the whole list, naming how many registrations it lists. */
function wholeListFigure(total: number): { text: string; exact: string } {
  const figure = countFigure(total);
  return { text: `Open the Shop List (${figure.text} registrations)`, exact: `Open the Shop List (${figure.exact} registrations)` };
}

async function shopListCard(context: CardContext, now: Date): Promise<CardView> {
  const counts = await registrationsByShopStatus(context.scope, now);
  const linked = context.query.shops.length === 0;
  const total = SHOP_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return {
    kind: "breakdown",
    id: "shopList",
    title: "Shop List",
    help: KPI_HELP.shopList,
    failed: false,
    items: SHOP_STATUSES.map((status) => ({
      label: status,
      ...cardLink(countFigure(counts[status]), linked ? shopListHref(context.query, context.today, [status]) : null, counts[status]),
    })),
    // Every status named: a bare Shop List address would reopen the user's last query of it.
    whole: cardLink(wholeListFigure(total), linked ? shopListHref(context.query, context.today, SHOP_STATUSES) : null, total),
  };
}

function trendCard(
  id: string,
  title: string,
  context: CardContext,
  series: TrendCardView["series"],
  values: (period: Period, index: number) => TrendPeriod["values"],
): TrendCardView {
  return {
    kind: "trend",
    id,
    title,
    help: KPI_HELP[id],
    failed: false,
    series,
    periods: context.periods.map((period, index) => ({ label: period.label, inProgress: period.inProgress, values: values(period, index) })),
    csvHref: figuresCsvHref(context.query, id),
  };
}

async function scanTrendCard(context: CardContext): Promise<CardView> {
  const scans = await context.scans();
  const series = STATUS_GROUPS.map((group) => ({ name: STATUS_GROUP_LABELS[group], color: GROUP_COLORS[group] }));
  return trendCard("scanTrend", "Diagnostics Scan Trend", context, series, (period, index) =>
    STATUS_GROUPS.map((group) => {
      const value = scans[index].byGroup[group];
      const href = rowsHref(context, period, { statuses: STATUSES_OF_GROUP[group] });
      return { value, ...cardLink(countFigure(value), href, value) };
    }),
  );
}

async function functionTrendCard(context: CardContext): Promise<CardView> {
  const scans = await context.scans();
  const series = SCAN_TYPES.map((type, index) => ({ name: type, color: FUNCTION_COLORS[index % FUNCTION_COLORS.length] }));
  return trendCard("functionTrend", "Diagnostics Function Trend", context, series, (period, index) =>
    SCAN_TYPES.map((type) => {
      const value = scans[index].byFunction[type] ?? 0;
      const href = rowsHref(context, period, { scanType: type });
      return { value, ...cardLink(countFigure(value), href, value) };
    }),
  );
}

async function shopActivityCard(context: CardContext): Promise<CardView> {
  const counts = await activeShopsByPeriod(context.scope, context.periods);
  // The Shop List lists registrations: one per shop for one provider, but a shop of several providers
  // would be listed once for each, so bars link for one provider (and, as there, no picked shops).
  const linked = context.query.provider !== null && context.query.shops.length === 0;
  return trendCard("shopActivity", "Shop Activity Trend", context, [{ name: "Shops with a successful scan", color: "#1864ab" }], (period, index) => [
    {
      value: counts[index],
      ...cardLink(countFigure(counts[index]), linked ? shopListHref(context.query, context.today, SHOP_STATUSES, { scannedIn: period }) : null, counts[index]),
    },
  ]);
}

async function shopAdoptionCard(context: CardContext): Promise<CardView> {
  const counts = await newRegistrationsByPeriod(context.scope, context.periods);
  // The Shop List of every status created in the period; it has no picked-shops filter, so picked shops' bars do not link.
  const linked = context.query.shops.length === 0;
  return trendCard("shopAdoption", "Shop Adoption Trend", context, [{ name: "New registrations", color: "#5f3dc4" }], (period, index) => [
    {
      value: counts[index],
      ...cardLink(
        countFigure(counts[index]),
        linked
          ? shopListHref(context.query, context.today, SHOP_STATUSES, {
              created: { from: period.from, to: period.to < context.today ? period.to : context.today },
            })
          : null,
        counts[index],
      ),
    },
  ]);
}

/** The cards in page order: each built on its own, so one can be read alone (its CSV). */
const CARDS: ReadonlyArray<{ id: string; title: string; kind: CardView["kind"]; build: (context: CardContext, now: Date) => Promise<CardView> }> = [
  { id: "registeredShops", title: "Registered Shops", kind: "count", build: (context) => registeredShopsCard(context) },
  {
    id: "successfulScans",
    title: "Successful Scans",
    kind: "count",
    build: (context) => scansOfGroupCard("successfulScans", "Successful Scans", "successful", context),
  },
  { id: "failedScans", title: "Failed Scans", kind: "count", build: (context) => scansOfGroupCard("failedScans", "Failed Scans", "failed", context) },
  { id: "averageScanTime", title: "Average Scan Time", kind: "count", build: (context) => averageScanTimeCard(context) },
  { id: "shopActivity", title: "Shop Activity Trend", kind: "trend", build: (context) => shopActivityCard(context) },
  { id: "coverageMap", title: "Coverage Map View", kind: "map", build: (context) => mapCard(context) },
  { id: "scanTrend", title: "Diagnostics Scan Trend", kind: "trend", build: (context) => scanTrendCard(context) },
  { id: "functionTrend", title: "Diagnostics Function Trend", kind: "trend", build: (context) => functionTrendCard(context) },
  { id: "shopAdoption", title: "Shop Adoption Trend", kind: "trend", build: (context) => shopAdoptionCard(context) },
  { id: "shopList", title: "Shop List", kind: "breakdown", build: (context, now) => shopListCard(context, now) },
];

/** The ids of the cards that are charts (each has a CSV of its figures). */
export const TREND_CARD_IDS: readonly string[] = CARDS.filter((card) => card.kind === "trend").map((card) => card.id);

/**
 * The dashboard's cards for the request's query (resolved, remembered and corrected by
 * resolveDashboardQuery), all of them or only those asked for.
 */
async function resolveCards(request: Request, signedIn: SignedIn, keptParams?: readonly string[]) {
  const [resolved, allowed] = await Promise.all([resolveDashboardQuery(request, signedIn, keptParams), pagesAllowed(signedIn, ["transactions"])]);
  const { query, providers } = resolved;
  const linksToTransactions = allowed.transactions === true;
  const now = new Date();
  // All providers are the providers the selector offers (decision 0064), in the figures and in the links.
  const scope: DashboardScope = {
    providers: query.provider === null ? SELECTABLE_PROVIDERS : oneProvider(query.provider),
    shopIds: query.shops.length > 0 ? [...query.shops] : null,
  };
  const providerIds = query.provider === null ? providers.map((option) => Number(option.value)) : [query.provider];
  // One context per interval and narrowing shown: the cards that share both share one pass over the scans.
  const contexts = new Map<string, CardContext>();
  const contextFor = (interval: Interval, cardNarrowed: CardNarrowing): CardContext => {
    const key = JSON.stringify([interval, cardNarrowed.make, cardNarrowed.providerScanType]);
    let context = contexts.get(key);
    if (!context) {
      const periods = recentPeriods(interval, now);
      context = {
        query,
        scope,
        providerIds,
        periods,
        today: todayIn(DASHBOARD_TIME_ZONE, now),
        since: sinceLabel(interval),
        narrowing: cardNarrowed,
        scans: once(() => scansByPeriod(scope, periods, cardNarrowed)),
        linksToTransactions,
      };
      contexts.set(key, context);
    }
    return context;
  };
  return { ...resolved, now, scope, contextFor };
}

async function loadCards(request: Request, signedIn: SignedIn, only?: { ids: ReadonlySet<string>; keptParams: readonly string[] }) {
  const { query, providers, locked, shops, pickingFromNone, pickerOpen, narrowing, now, contextFor } = await resolveCards(request, signedIn, only?.keptParams);
  const chosen = only ? CARDS.filter((card) => only.ids.has(card.id)) : CARDS;
  const cards = await Promise.all(
    chosen.map(async (card) => {
      const view = await cardOrFailure(card.id, card.title, card.kind, () =>
        card.build(contextFor(cardInterval(query, card.id), cardNarrowing(query, card.id)), now),
      );
      return { ...view, toggle: intervalToggle(query, card.id), selectors: cardSelectors(query, card.id) };
    }),
  );
  return { query, providers, locked, shops, pickingFromNone, pickerOpen, narrowing, refreshedAt: now.toISOString(), cards };
}

/** The KPI page's loader data: the resolved query, the provider list and every card. */
export async function loadKpiPage(request: Request, signedIn: SignedIn) {
  return loadCards(request, signedIn);
}

/**
 * One chart card's figures for its CSV, or null when the card is not a chart. The address's
 * `cardParam` is kept through the dashboard's corrections.
 */
export async function loadTrendCard(request: Request, signedIn: SignedIn, cardParam: string): Promise<TrendCardView | null> {
  const cardId = new URL(request.url).searchParams.get(cardParam) ?? "";
  if (!TREND_CARD_IDS.includes(cardId)) return null;
  const { cards } = await loadCards(request, signedIn, { ids: new Set([cardId]), keptParams: [cardParam] });
  const card = cards[0];
  return card?.kind === "trend" ? card : null;
}

/** The map's pixel size a browser reports (its own width), within what a screen can be. */
function mapSizeOf(params: URLSearchParams): { width: number; height: number } {
  const pixels = (name: string, fallback: number) => {
    const raw = params.get(name) ?? "";
    return /^\d{1,4}$/.test(raw) ? Math.min(Math.max(Number(raw), 100), 4000) : fallback;
  };
  return { width: pixels("width", MAP_SIZE.width), height: pixels("height", MAP_SIZE.height) };
}

/**
 * The Coverage Map's markers of the address's view, for a map of the size its `width` and `height`
 * say (the hydrated map panned or zoomed), through the dashboard's corrections and scope.
 */
export async function loadMapMarkers(request: Request, signedIn: SignedIn): Promise<MapMarkersAnswer> {
  const { query, contextFor } = await resolveCards(request, signedIn, ["width", "height"]);
  try {
    const { markers } = await mapMarkers(contextFor(cardInterval(query, "coverageMap"), ALL_OF_CARD), mapSizeOf(new URL(request.url).searchParams));
    return { view: query.map, markers, failed: false };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error("A dashboard card's figures could not be read", { card: "coverageMap", error });
    return { view: query.map, markers: [], failed: true };
  }
}
