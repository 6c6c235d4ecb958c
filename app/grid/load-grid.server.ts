import { redirect } from "@remix-run/node";
import { currentRequestContext } from "~/lib/request-context.server";
import { readCursorPage, type CursorPageSource } from "./cursor-page.server";
import { todayIn } from "./dates";
import { consumeDefaultsMark, followsDefaultsRedirect, markDefaults } from "./defaults-marker.server";
import { drillThroughParams, type FilterOption, type GridDefinition, type GridState } from "./definition";
import { readFormParams } from "./form-params";
import { correctionsCookieHeader, takeCorrections } from "./grid-corrections.server";
import type { GridRow, GridView } from "./grid-view";
import { readRemembered, rememberQuery } from "./remembered-query.server";
import { clampPage, defaultState, gridSearch, parseGridUrl, type ParseContext } from "./url-state";

/**
 * The loader of every grid (DESIGN.md §4): the URL is the whole state. A bare URL brings back the
 * user's last query (unless it follows a redirect to the defaults, see defaults-marker.server.ts);
 * ?clear=1 goes back to the defaults; any other URL is parsed, and when it is
 * not already canonical the browser is redirected to the canonical form, with what was corrected
 * shown once beside the grid (grid-corrections.server.ts). Then one page and the total are read, a page past the end moves to
 * the last page, and the query is remembered.
 */
export interface GridSource<Detail> {
  /** One page of rows (as shown) and the number of rows that match (offset paging). */
  page?(state: GridState): Promise<{ rows: GridRow[]; total: number }>;
  /** One page from the state's cursor, or the first page (cursor paging, GridDefinition.paging). */
  cursorPage?: CursorPageSource;
  /** The expanded row's details; null when there is no such row or the user may not see it. */
  detail?(rowId: string, state: GridState): Promise<Detail | null>;
}

export interface LoadGridInput<Detail> {
  request: Request;
  definition: GridDefinition;
  userId: string;
  timeZone: string;
  /** Filter options known at run time (configuration, providers, shops), by filter id. */
  options?: Record<string, FilterOption[]>;
  /** Filters the server forces for this user whatever the URL says. */
  locked?: Record<string, string[]>;
  source: GridSource<Detail>;
  /** The response's headers: the loader adds the cookies it sets (the route answers with them). */
  headers?: Headers;
  now?: Date;
}

/**
 * Whether two queries are written the same way, once both are in URLSearchParams' encoding: Remix
 * hands loaders a URL whose query it re-serialised (commas as %2C, spaces as +), while the grid
 * writes readable commas.
 */
function sameQuery(a: string, b: string): boolean {
  return new URLSearchParams(a).toString() === new URLSearchParams(b).toString();
}

function hrefOf(definition: GridDefinition, search: string): string {
  return search ? `${definition.path}?${search}` : definition.path;
}

export async function loadGrid<Detail>(input: LoadGridInput<Detail>): Promise<GridView<Detail>> {
  const { definition, userId } = input;
  const now = input.now ?? new Date();

  /**
   * To the canonical URL of a state, with what was corrected for the grid to show. The bare grid URL
   * brings back the remembered query, so a redirect to it (the defaults) remembers them first and
   * marks the redirect, so that the request which follows shows them whatever another tab remembers.
   */
  const redirectToCanonical = async (search: string, corrections: readonly string[]): Promise<Response> => {
    const headers = new Headers();
    if (corrections.length > 0) {
      headers.append("Set-Cookie", await correctionsCookieHeader(definition.id, corrections));
    }
    if (search === "") {
      await rememberQuery(userId, definition, "", stored, now);
      headers.append("Set-Cookie", await markDefaults(definition.id));
    }
    return redirect(hrefOf(definition, search), { headers });
  };
  const url = new URL(input.request.url);
  const options = input.options ?? {};
  const locked = input.locked ?? {};
  const context: ParseContext = { today: todayIn(input.timeZone, now), timeZone: input.timeZone, options, locked };

  // `stored` is the text as it is, so a query stored with what is never remembered is rewritten without it.
  const { stored, query: remembered } = await readRemembered(userId, definition);
  if (url.search === "" && (await followsDefaultsRedirect(input.request, definition.id))) {
    input.headers?.append("Set-Cookie", await consumeDefaultsMark());
  } else if (url.search === "" && remembered) {
    throw redirect(hrefOf(definition, remembered));
  }

  const form = readFormParams(definition, url.searchParams, options);
  if (form.clear) {
    await rememberQuery(userId, definition, "", stored, now);
    const defaults = gridSearch(definition, defaultState(definition, context), context);
    const headers = new Headers();
    if (defaults === "") headers.append("Set-Cookie", await markDefaults(definition.id));
    throw redirect(hrefOf(definition, defaults), { headers });
  }

  const { state, corrections } = parseGridUrl(definition, form.params, context);
  const search = gridSearch(definition, state, context);
  if (!sameQuery(search, url.search)) throw await redirectToCanonical(search, corrections);

  const expanded = state.expanded;
  const [page, detail] = await Promise.all([
    readPage(definition, state, input.source),
    expanded && input.source.detail ? input.source.detail(expanded, state) : Promise.resolve(null),
  ]);
  if (page.cursor) {
    if (state.cursor && page.rows.length === 0) {
      const first = gridSearch(definition, { ...state, cursor: undefined, expanded: null }, context);
      throw await redirectToCanonical(first, ["No rows follow that point of the list any more; showing the first page."]);
    }
  } else if (page.total !== null) {
    const clamped = clampPage(state, page.total);
    if (clamped.page !== state.page) {
      const moved = `Page ${state.page} is past the last page; showing page ${clamped.page}.`;
      throw await redirectToCanonical(gridSearch(definition, clamped, context), [moved]);
    }
  }

  const corrected = await takeCorrections(input.request, definition.id);
  if (corrected.clear) input.headers?.append("Set-Cookie", corrected.clear);
  // The page an action's POST renders (its loaders run as GETs) remembers nothing: a POST writes what it is for only.
  // Nor does a drill-through: the rows behind another screen's number are not the user's own query (drill-through.ts).
  if (currentRequestContext()?.method !== "POST" && !isDrillThrough(definition, state)) await rememberQuery(userId, definition, search, stored, now);
  const shownOptions = optionsToShow(state, options);
  const view: GridView<Detail> = {
    state,
    today: context.today,
    timeZone: input.timeZone,
    total: page.total,
    rows: page.rows,
    options: shownOptions,
    locked,
    search,
    detail,
    corrections: corrected.lines,
  };
  return page.cursor ? { ...view, cursor: page.cursor } : view;
}

/** Whether the address marks a drill-through (GridParam.drillThrough): its query is not remembered. */
function isDrillThrough(definition: GridDefinition, state: GridState): boolean {
  return drillThroughParams(definition).some((id) => state.params[id] !== undefined);
}

/** One page by the grid's kind of paging; `cursor` is there for cursor paging only. */
async function readPage<Detail>(definition: GridDefinition, state: GridState, source: GridSource<Detail>) {
  if (definition.paging === "cursor") {
    if (!source.cursorPage) throw new Error(`Grid ${definition.id} pages by cursor but its source has no cursorPage`);
    return readCursorPage(definition, state, source.cursorPage);
  }
  if (!source.page) throw new Error(`Grid ${definition.id} pages by offset but its source has no page`);
  const page = await source.page(state);
  return { rows: page.rows, total: page.total as number | null, cursor: undefined };
}

/**
 * The options the page needs: all of them while the Add Filter menu is open, otherwise only the
 * chosen ones, whose labels the chips show (the shop list alone is hundreds of entries).
 */
function optionsToShow(state: GridState, options: Record<string, FilterOption[]>): Record<string, FilterOption[]> {
  if (state.panel === "filters") return options;
  const chosen: Record<string, FilterOption[]> = {};
  for (const [filterId, choices] of Object.entries(options)) {
    const values = state.filters[filterId] ?? [];
    chosen[filterId] = values.length === 0 ? [] : choices.filter((option) => values.includes(option.value));
  }
  return chosen;
}
