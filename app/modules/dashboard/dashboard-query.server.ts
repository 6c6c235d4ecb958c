import { redirect } from "@remix-run/node";
import { providerScopeOf } from "~/auth/provider-scope.server";
import type { SignedIn } from "~/auth/user-session.server";
import { getDb } from "~/db/db.server";
import type { FilterOption } from "~/grid/definition";
import { readPreferredProvider, rememberPreferredProvider } from "~/platform/preferences/preferred-provider.server";
import { providerFilterOptions } from "~/modules/providers/provider-options.server";
import { ALL_PROVIDERS, dashboardSearch, type DashboardQuery } from "./dashboard-url";
import { DEFAULT_INTERVAL, parseInterval } from "./periods";

/** More picked shops than this is no selection a person made: the URL is corrected to none. */
export const MAX_PICKED_SHOPS = 1000;

export interface ResolvedDashboard {
  query: DashboardQuery;
  providers: FilterOption[];
  /** A provider-only user's selector is locked to their own provider. */
  locked: boolean;
}

function chosenProvider(raw: string | null, offered: ReadonlySet<number>): number | null | undefined {
  if (raw === null) return undefined;
  if (raw === ALL_PROVIDERS) return null;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  return offered.has(id) ? id : undefined;
}

/** The provider's registered shops among the ids asked for, in the order asked. */
async function registeredShopsAmong(provider: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().selectFrom("shopRegistrations").select("shopId").distinct().where("providerId", "=", provider).where("shopId", "in", [...ids]).execute();
  const registered = new Set(rows.map((row) => row.shopId));
  return ids.filter((id) => registered.has(id));
}

function shopIdsOf(params: URLSearchParams): number[] {
  const ids = params.getAll("shop").filter((raw) => /^\d{1,9}$/.test(raw)).map(Number);
  return [...new Set(ids)];
}

/**
 * The dashboard's query for this user from the URL: a provider-only user always gets their own
 * provider; others get the one asked for, `all`, or when none is asked for their preferred
 * provider (else all). Shops are kept only when registered with the chosen provider. An address
 * that differs from the canonical one is corrected by a redirect.
 */
export async function resolveDashboardQuery(request: Request, signedIn: SignedIn): Promise<ResolvedDashboard> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const scope = await providerScopeOf(signedIn.user);
  const providers = await providerFilterOptions(scope);
  const offered = new Set(providers.map((option) => Number(option.value)));

  let provider: number | null;
  if (scope.restricted) provider = scope.providerId;
  else {
    const preferred = await readPreferredProvider(signedIn.user.id);
    const asked = chosenProvider(params.get("provider"), offered);
    if (asked !== undefined) {
      provider = asked;
      // A provider chosen here is the one the user's other screens start with.
      await rememberPreferredProvider(signedIn.user.id, asked, preferred !== null && offered.has(preferred) ? preferred : null);
    } else provider = !params.has("provider") && preferred !== null && offered.has(preferred) ? preferred : null;
  }

  const askedShops = shopIdsOf(params);
  const shops = provider === null || askedShops.length > MAX_PICKED_SHOPS ? [] : await registeredShopsAmong(provider, askedShops);
  const query: DashboardQuery = { provider, shops, interval: parseInterval(params.get("interval")) ?? DEFAULT_INTERVAL };

  const canonical = dashboardSearch(query);
  if (url.search.replace(/^\?/, "") !== canonical) throw redirect(`${url.pathname}?${canonical}`);
  return { query, providers, locked: scope.restricted };
}
