import { redirect } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { isDatabaseUnavailable } from "~/db/database-unavailable.server";
import type { FilterOption } from "~/grid/definition";
import { FORM_PARAMS } from "~/grid/form-params";
import { log } from "~/lib/logger.server";
import { preferredProvider, rememberChosenProvider } from "~/modules/providers/preferred-provider.server";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import {
  ALL_PROVIDERS,
  cardIntervalParam,
  cardMakeParam,
  cardProviderScanTypeParam,
  dashboardSearch,
  PICKER_OPEN,
  PICKER_PARAM,
  PICKING_FROM_NONE,
  SHOP_PARAM,
  type DashboardQuery,
} from "./dashboard-url";
import { CARDS_WITH_INTERVAL, CARDS_WITH_NARROWING, type NarrowingLists } from "./kpi-cards";
import { parseMapView } from "./map-view";
import { ALL_MAKES, ALL_PROVIDER_TYPES, narrowingLists } from "./narrowing-choices.server";
import { DEFAULT_INTERVAL, parseInterval, type Interval } from "./periods";
import { PROVIDER_SHOPS_LOAD_FAILURE, providerShopOptions } from "./provider-shops.server";
import type { CardNarrowing } from "./scope";

/** More picked shops than this is no selection a person made: the URL is corrected to none. */
export const MAX_PICKED_SHOPS = 1000;

export interface ShopChoices {
  options: FilterOption[];
  /** 'Error loading Provider shops data!' when the list could not be read. */
  error: string | null;
}

export interface ResolvedDashboard {
  query: DashboardQuery;
  providers: FilterOption[];
  /** A provider-only user's selector is locked to their own provider. */
  locked: boolean;
  /** The chosen provider's shops for the picker (none for all providers). */
  shops: ShopChoices;
  /** The picker open with every box unticked (Unselect all without JavaScript), not yet applied. */
  pickingFromNone: boolean;
  /** The picker open when the page is read: picking from none, or asked by its link (without JavaScript it is otherwise left out of the page). */
  pickerOpen: boolean;
  /** The makes and provider scan types the cards' selectors offer. */
  narrowing: NarrowingLists;
}

function chosenProvider(raw: string | null, offered: ReadonlySet<number>): number | null | undefined {
  if (raw === null) return undefined;
  if (raw === ALL_PROVIDERS) return null;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  return offered.has(id) ? id : undefined;
}

/** The shop picker's list for the chosen provider, or the spec's failure words (logged) when it cannot be read. */
async function shopChoices(provider: number | null): Promise<ShopChoices> {
  if (provider === null) return { options: [], error: null };
  try {
    return { options: await providerShopOptions(provider), error: null };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error("The dashboard's shop list could not be read", { provider, error });
    return { options: [], error: PROVIDER_SHOPS_LOAD_FAILURE };
  }
}

/**
 * The cards' make and provider-scan-type lists, or only 'All Makes' and 'All Provider Types'
 * (logged) when they cannot be read: the cards then show every make and type, and the page stands.
 */
async function narrowingChoices(provider: number | null): Promise<NarrowingLists> {
  try {
    return await narrowingLists(provider);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error("The dashboard cards' make and provider scan type lists could not be read", { provider, error });
    return { makes: [ALL_MAKES], providerScanTypes: [ALL_PROVIDER_TYPES] };
  }
}

/**
 * The picked shops the provider offers, in the order asked; every shop picked is no shop filter
 * (the same figures). Select all (without JavaScript, a submit button) is every shop as well.
 */
function pickedShops(params: URLSearchParams, choices: ShopChoices): number[] {
  // Select all is every shop; Unselect all opens the picker with nothing ticked, which is every shop until Apply.
  if (params.getAll(FORM_PARAMS.selectAll).includes(SHOP_PARAM) || params.getAll(FORM_PARAMS.unselectAll).includes(SHOP_PARAM)) return [];
  const asked = shopIdsOf(params);
  if (asked.length > MAX_PICKED_SHOPS) return [];
  const offered = new Set(choices.options.map((option) => Number(option.value)));
  const picked = asked.filter((id) => offered.has(id));
  return picked.length === offered.size ? [] : picked;
}

/** The cards' own intervals that differ from the dashboard's; anything else is dropped by the canonical redirect. */
function cardIntervalsOf(params: URLSearchParams, dashboardInterval: Interval): Record<string, Interval> {
  const chosen: Record<string, Interval> = {};
  for (const cardId of CARDS_WITH_INTERVAL) {
    const interval = parseInterval(params.get(cardIntervalParam(cardId)));
    if (interval && interval !== dashboardInterval) chosen[cardId] = interval;
  }
  return chosen;
}

/** The cards' own make and provider-scan-type choices among those offered; anything else is dropped by the canonical redirect. */
function cardNarrowingsOf(params: URLSearchParams, lists: NarrowingLists): Record<string, CardNarrowing> {
  const offered = (options: NarrowingLists["makes"]) => new Set(options.map((option) => option.value).filter((value) => value !== ""));
  const makes = offered(lists.makes);
  const scanTypes = offered(lists.providerScanTypes);
  const chosen: Record<string, CardNarrowing> = {};
  for (const cardId of CARDS_WITH_NARROWING) {
    const make = params.get(cardMakeParam(cardId));
    const providerScanType = params.get(cardProviderScanTypeParam(cardId));
    const narrowing = {
      make: make !== null && makes.has(make) ? make : null,
      providerScanType: providerScanType !== null && scanTypes.has(providerScanType) ? providerScanType : null,
    };
    if (narrowing.make || narrowing.providerScanType) chosen[cardId] = narrowing;
  }
  return chosen;
}

function shopIdsOf(params: URLSearchParams): number[] {
  const ids = params
    .getAll(SHOP_PARAM)
    .filter((raw) => /^\d{1,9}$/.test(raw))
    .map(Number);
  return [...new Set(ids)];
}

/**
 * The dashboard's query for this user from the URL: a provider-only user always gets their own
 * provider; others get the one asked for, `all`, or when none is asked for their preferred
 * provider (else all). Shops are kept only when registered with the chosen provider, a card's make
 * and provider scan type only when the provider offers them. An address
 * that differs from the canonical one is corrected by a redirect.
 */
export async function resolveDashboardQuery(request: Request, signedIn: SignedIn, keptParams: readonly string[] = []): Promise<ResolvedDashboard> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const scope = await providerScopeOf(signedIn.user);
  const providers = await providerFilterOptions(scope);
  const offered = new Set(providers.map((option) => Number(option.value)));

  let provider: number | null;
  if (scope.restricted) provider = scope.providerId;
  else {
    const chooser = { userId: signedIn.user.id, scope, offered: providers };
    const asked = chosenProvider(params.get("provider"), offered);
    if (asked !== undefined) {
      provider = asked;
      // A provider chosen here is the one the user's other screens start with.
      await rememberChosenProvider(chooser, asked);
    } else provider = params.has("provider") ? null : await preferredProvider(chooser);
  }

  const [choices, narrowing] = await Promise.all([shopChoices(provider), narrowingChoices(provider)]);
  const shops = provider === null ? [] : pickedShops(params, choices);
  const interval = parseInterval(params.get("interval")) ?? DEFAULT_INTERVAL;
  const query: DashboardQuery = {
    provider,
    shops,
    interval,
    cardIntervals: cardIntervalsOf(params, interval),
    cardNarrowings: cardNarrowingsOf(params, narrowing),
    map: parseMapView(params),
  };
  const pickingFromNone = provider !== null && (params.getAll(FORM_PARAMS.unselectAll).includes(SHOP_PARAM) || params.get(PICKER_PARAM) === PICKING_FROM_NONE);

  const pickerOpen = pickingFromNone || (provider !== null && params.get(PICKER_PARAM) === PICKER_OPEN);

  const canonicalParams = new URLSearchParams(dashboardSearch(query));
  if (pickerOpen) canonicalParams.set(PICKER_PARAM, pickingFromNone ? PICKING_FROM_NONE : PICKER_OPEN);
  // A parameter of the address's own (a CSV's card) stays as asked, after the dashboard's.
  for (const name of keptParams) for (const value of params.getAll(name)) canonicalParams.append(name, value);
  const canonical = canonicalParams.toString();
  if (url.search.replace(/^\?/, "") !== canonical) throw redirect(`${url.pathname}?${canonical}`);
  return { query, providers, locked: scope.restricted, shops: choices, pickingFromNone, pickerOpen, narrowing };
}
