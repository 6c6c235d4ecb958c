import { data, redirect } from "@remix-run/node";
import { providerScopeOf, type ProviderScope } from "~/auth/provider-scope.server";
import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { streamRows } from "~/db/row-stream/stream-rows.server";
import { derivedColumnId } from "~/grid/column-layout";
import { todayIn } from "~/grid/dates";
import { defineGrid, type GridContext } from "~/grid/define-grid.server";
import type { FilterOption, GridState } from "~/grid/definition";
import { correctionsCookieHeader } from "~/grid/grid-corrections.server";
import type { GridRow } from "~/grid/grid-view";
import { isGridLoadFailure } from "~/grid/load-failure";
import { gridPageOrFailure } from "~/grid/load-failure.server";
import { querySearch } from "~/grid/query-parts";
import { shownCells } from "~/grid/shown-cells";
import { formatInstant } from "~/lib/date-format";
import { DASHBOARD_TIME_ZONE } from "~/modules/dashboard/periods";
import { preferredProviderSearch, rememberChosenProvider } from "~/modules/providers/preferred-provider.server";
import { providerFilterOptions, providerLock } from "~/modules/providers/provider-options.server";
import { userTimeZone } from "~/platform/time-zone.server";
import { adoptionCellWriter, heatShades, monthTransactionsHref, type AdoptionCellWriter } from "./cells";
import { adoptionGrid, HEAT_ON, HEAT_PARAM, MEASURES, type Measure } from "./grid";
import { findAdoptionPage, lastEtlUpdate, selectAdoptionRows, shownMonths, type AdoptionQueryContext } from "./grid-query.server";
import { isAllowedRange, MONTH_FROM_FIELD, MONTH_TO_FIELD, MONTHS_PARAM, RANGE_MESSAGE, parseRange, rangeParam } from "./months";
import { ROW_FIELDS, type AdoptionRow, type RowField } from "./row";

/** Spec §8: the table is emptied and the error logged; the words tell the user what to do. */
export const ADOPTION_LOAD_FAILURE = { title: "Error", message: "Unable to fetch data! Please try again after some time!" } as const;

export interface AdoptionContext extends GridContext, AdoptionQueryContext {
  scope: ProviderScope;
  options: Record<string, FilterOption[]>;
  /**
   * Whether the user may open the transactions grid, which a month's Total Scan Count links to: a
   * user with page reports but not transactions sees the number without a link (decision 0057).
   */
  linksToTransactions: boolean;
}

/** A CSV row carrying the export's one cell writer (made once for the shown months, measures and fields). */
type ExportRow = AdoptionRow & { writeCells: AdoptionCellWriter };

/** The measures among the state's visible columns. */
function shownMeasures(cols: readonly string[]): Measure[] {
  return MEASURES.filter((measure) => cols.includes(measure));
}

/** The row fields among the state's visible columns. */
function shownFields(cols: readonly string[]): RowField[] {
  return ROW_FIELDS.filter((field) => cols.includes(field));
}

/** Every row of the CSV, each carrying the one shape of the whole export (no allocation of its own). */
async function* exportRows(state: GridState, context: AdoptionContext): AsyncGenerator<ExportRow> {
  const fields = shownFields(state.cols);
  const shape = { writeCells: adoptionCellWriter(shownMonths(state, context), "csv", shownMeasures(state.cols), fields) };
  for await (const batch of streamRows(selectAdoptionRows(state, context, fields))) {
    for (const row of batch) yield Object.assign(row as unknown as AdoptionRow, shape);
  }
}

/**
 * The report for the signed-in user. Its months are America/Chicago's (the grid's zone, so its
 * `today` is Chicago's today); a provider-only user's provider is locked in the URL and so in every
 * query, page and CSV alike.
 */
export const adoptionGridModule = defineGrid({
  definition: adoptionGrid,
  async context(_request: Request, signedIn: SignedIn): Promise<AdoptionContext> {
    const scope = await providerScopeOf(signedIn.user);
    const [provider, allowed] = await Promise.all([providerFilterOptions(scope), pagesAllowed(signedIn, ["transactions"])]);
    return {
      timeZone: DASHBOARD_TIME_ZONE,
      today: todayIn(DASHBOARD_TIME_ZONE),
      scope,
      options: { provider },
      locked: providerLock(scope),
      linksToTransactions: allowed.transactions === true,
    };
  },
  async page(state, context) {
    const page = await findAdoptionPage(state, context);
    const months = shownMonths(state, context);
    const measures = shownMeasures(state.cols);
    const cells = page.rows.map(adoptionCellWriter(months, "grid", measures));
    const heat = state.params[HEAT_PARAM] === HEAT_ON;
    const measureIds = months
      .flatMap((month) => MEASURES.map((measure) => derivedColumnId(month.id, measure)))
      .filter((id) => state.cols.includes(id.slice(id.indexOf(".") + 1)));
    const shades = heat ? heatShades(cells, measureIds) : [];
    const rows = page.rows.map((row, index): GridRow => ({
      id: String(row.id),
      cells: shownCells(cells[index], [...state.cols, ...measureIds]),
      links: context.linksToTransactions
        ? Object.fromEntries(months.map((month) => [derivedColumnId(month.id, "totalScanCnt"), monthTransactionsHref(row, month, context.today)]))
        : {},
      ...(heat ? { shades: shades[index] } : {}),
    }));
    return { rows, total: page.total };
  },
  allRows: (state, context) => exportRows(state, context),
  cells: (row: ExportRow) => row.writeCells(row),
});

/**
 * What the page's own forms send that the grid does not read: the no-JavaScript month selects
 * (folded into `months`, or refused with the spec's words), and a bare address, which starts on
 * the user's preferred provider with the rest of the report's remembered query (decision 0065). A
 * provider the user picks here is the preferred provider of the other screens. Returns a redirect
 * to throw, or null.
 */
async function pageRedirect(request: Request, signedIn: SignedIn, scope: ProviderScope, offered: readonly FilterOption[]): Promise<Response | null> {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.searchParams);
  const corrections: string[] = [];
  let changed = false;
  if (params.has(MONTH_FROM_FIELD) || params.has(MONTH_TO_FIELD)) {
    const start = Number(params.get(MONTH_FROM_FIELD));
    const end = Number(params.get(MONTH_TO_FIELD));
    params.delete(MONTH_FROM_FIELD);
    params.delete(MONTH_TO_FIELD);
    if (isAllowedRange(start, end)) params.set(MONTHS_PARAM, rangeParam({ start, end }));
    else corrections.push(RANGE_MESSAGE);
    changed = true;
  }
  const months = params.get(MONTHS_PARAM);
  if (months !== null && parseRange(months) === null) {
    params.delete(MONTHS_PARAM);
    corrections.push(RANGE_MESSAGE);
    changed = true;
  }
  const chooser = { userId: signedIn.user.id, scope, offered };
  const asked = params.get("provider");
  if (asked !== null && /^\d{1,9}$/.test(asked)) await rememberChosenProvider(chooser, Number(asked));
  else if (url.search === "") {
    const search = await preferredProviderSearch(chooser, adoptionGrid, "provider");
    if (search !== null) return redirect(`${url.pathname}?${search}`);
  }
  if (!changed) return null;
  const search = querySearch(params);
  const headers = new Headers();
  if (corrections.length > 0) headers.append("Set-Cookie", await correctionsCookieHeader(adoptionGrid.id, corrections));
  return redirect(search ? `${url.pathname}?${search}` : `${url.pathname}?clear=1`, { headers });
}

export interface AdoptionControls {
  providers: FilterOption[];
  /** A provider-only user's selector is locked to their own provider. */
  locked: boolean;
  /** Last Refreshed: the provider's rows' ETL update time in the user's zone; '' before a provider is chosen. */
  refreshed: string;
}

/** The page's loader data: the grid (or its failure words) and the controls above it. */
export async function loadAdoptionPage(request: Request, signedIn: SignedIn) {
  const scope = await providerScopeOf(signedIn.user);
  const providers = await providerFilterOptions(scope);
  const redirectTo = await pageRedirect(request, signedIn, scope, providers);
  if (redirectTo) throw redirectTo;
  const answer = await gridPageOrFailure(() => adoptionGridModule.loadPage(request, signedIn), ADOPTION_LOAD_FAILURE, "Reading the adoption report failed");
  const grid = isGridLoadFailure(answer) ? answer : answer.data;
  const provider = isGridLoadFailure(grid) ? null : (grid.state.filters.provider?.[0] ?? null);
  let refreshed = "";
  if (provider !== null) {
    const [latest, zone] = await Promise.all([lastEtlUpdate(Number(provider)).catch(() => null), userTimeZone(request, signedIn.user.id)]);
    refreshed = latest ? formatInstant(latest, zone.timeZone, "detail") : "";
  }
  const controls: AdoptionControls = { providers, locked: scope.restricted, refreshed };
  // The grid's cookies (what was corrected, shown once; the defaults' mark) go with the page.
  return data({ grid, controls }, isGridLoadFailure(answer) ? undefined : (answer.init ?? undefined));
}
