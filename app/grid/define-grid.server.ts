import { data } from "@remix-run/node";
import type { Compilable } from "kysely";
import { pagesAllowed } from "~/auth/require-page.server";
import type { SignedIn } from "~/auth/user-session.server";
import { readForm } from "~/write-path/read-form.server";
import { withBackLinks } from "./back-links";
import type { CsvInWorker } from "./csv-worker/cells-writer";
import type { CursorPage } from "./cursor-page.server";
import { todayIn } from "./dates";
import type { FilterOption, GridDefinition, GridState } from "./definition";
import { actOnGrid, type GridActionHandler } from "./grid-actions.server";
import { gridCsvResponse } from "./grid-csv.server";
import type { Seek } from "./grid-cursor";
import type { GridRow } from "./grid-view";
import { gridTimeZone } from "./grid-zone";
import { loadGrid } from "./load-grid.server";
import { querySearch } from "./query-parts";
import type { AllRows } from "./row-batches.server";

/** What every request of a grid needs, worked out once per request from the signed-in user. */
export interface GridContext {
  timeZone: string;
  /** Filter options known at run time (configuration, providers, shops), by filter id. */
  options?: Record<string, FilterOption[]>;
  /** Filters forced for this user whatever the URL says (a provider-only user's provider). */
  locked?: Record<string, string[]>;
  /** What else the page offers this user, by name (a bulk page the grid's selection opens); the page checks again. */
  offers?: Readonly<Record<string, boolean>>;
}

/**
 * One screen's grid (DESIGN.md §4): its definition, the context of a request (scope, zone, options,
 * locks), its page of rows, the expanded row's details, and every matching row with its cells for
 * the CSV export. `defineGrid` turns it into the page loader and the export, which read the URL
 * the same way.
 */
export interface GridModule<Context extends GridContext, Row, Detail = never> {
  definition: GridDefinition;
  context(request: Request, signedIn: SignedIn): Promise<Context>;
  /** Offset paging: one page as the grid shows it, and the number of rows that match; `self` is the page's own address. */
  page?(state: GridState, context: Context, self: string): Promise<{ rows: GridRow[]; total: number }>;
  /**
   * Cursor paging (definition.paging "cursor"): the page after or before the seek's key, or the
   * first page (seek null); readKeysetPage (keyset.server.ts) reads it from a Kysely query.
   */
  cursorPage?(state: GridState, seek: Seek | null, context: Context, self: string): Promise<CursorPage>;
  /** The expanded row's details; null when there is no such row or the user may not see it. */
  detail?(rowId: string, context: Context, self: string, state: GridState): Promise<Detail | null>;
  /** Every matching row in grid order: a query streamed from the database, or any async iterable. */
  allRows(state: GridState, context: Context): AllRows<Row>;
  /** The value of each column as the grid shows it. */
  cells(row: Row, context: Context): Readonly<Record<string, string>>;
  /**
   * The export written by a worker thread (decision 0091), when `allRows` is a query and the
   * cells need only plain data: the same cells, as a named writer the worker knows (csvInWorker).
   */
  csvInWorker?: CsvInWorker<Row, Context>;
  /**
   * On PostgreSQL: the same rows as one CSV cell per column, in `columnIds`' order, in SQL
   * (csv-sql-cells.server.ts), so that the database writes the CSV (decision 0097).
   */
  csvInDatabase?(state: GridState, context: Context, columnIds: readonly string[]): Promise<Compilable<unknown>>;
  /** Detail links carry the grid's own address as `back`, so Back returns to exactly this page. */
  backLinks?: boolean;
  /** The server half of each of the definition's actions, by intent (grid-actions.server.ts). */
  actions?: Readonly<Record<string, GridActionHandler<Context>>>;
  /** For actions on rows: of these ids, the ones that exist and that the user may see. */
  rowsInScope?(ids: readonly string[], context: Context): Promise<string[]>;
  /** For actions on every matching row: a row's id as the grid shows it. */
  rowId?(row: Row): string;
  /** For confirmations: how rows are named (their keys). */
  rowLabels?(ids: readonly string[], context: Context): Promise<string[]>;
  /** The largest action body accepted, for a grid whose forms carry a file (default FORM_BODY_LIMIT_BYTES). */
  formBodyLimit?: number;
}

/** The intents of the definition's actions that this user's roles allow. */
async function allowedActions(signedIn: SignedIn, permissions: ReadonlyMap<string, string>): Promise<string[]> {
  if (permissions.size === 0) return [];
  const allowed = await pagesAllowed(signedIn, [...new Set(permissions.values())]);
  return [...permissions].filter(([, permission]) => allowed[permission]).map(([intent]) => intent);
}

export function defineGrid<Context extends GridContext, Row, Detail = never>(module: GridModule<Context, Row, Detail>) {
  const { definition } = module;
  const cursorPaged = definition.paging === "cursor";
  if (cursorPaged ? !module.cursorPage : !module.page) {
    throw new Error(`Grid ${definition.id} pages by ${cursorPaged ? "cursor and needs cursorPage" : "offset and needs page"}`);
  }
  const permissions = new Map<string, string>();
  for (const action of definition.actions ?? []) {
    const handler = module.actions?.[action.intent];
    if (!handler) throw new Error(`The grid ${definition.id} has no handler for its action ${action.intent}`);
    if (action.placement !== "toolbar" && !module.rowsInScope) throw new Error(`The grid ${definition.id} acts on rows without rowsInScope`);
    if (action.allMatching && !module.rowId) throw new Error(`The grid ${definition.id} acts on every matching row without rowId`);
    // A switch that unlocks an action acts only while the address says so (decision 0063).
    const unlocking = action.shownWhen && definition.params?.find((param) => param.id === action.shownWhen?.param);
    if (action.shownWhen && unlocking?.remembered !== false) {
      throw new Error(
        `The grid ${definition.id} shows ${action.intent} under ${action.shownWhen.param}, which must be its own parameter with remembered: false`,
      );
    }
    permissions.set(action.intent, handler.permission);
  }
  /** The module's context in the zone of the request's dates: a shared URL's `tz` (grid-zone.ts), else the viewer's. */
  const contextOf = async (request: Request, signedIn: SignedIn): Promise<Context> => {
    const context = await module.context(request, signedIn);
    const timeZone = gridTimeZone(definition, new URL(request.url).searchParams, context.timeZone);
    return timeZone === context.timeZone ? context : { ...context, timeZone };
  };
  // Written as the grid writes its URLs (Remix re-encodes the request's query: commas and slashes escaped).
  const selfOf = (request: Request) => {
    const url = new URL(request.url);
    const search = querySearch(url.searchParams);
    return search ? `${url.pathname}?${search}` : url.pathname;
  };

  /** The grid page's loader data, with the cookies the grid sets (see load-grid.server.ts). */
  async function loadPage(request: Request, signedIn: SignedIn) {
    const context = await contextOf(request, signedIn);
    const headers = new Headers();
    const detail = module.detail?.bind(module);
    const page = module.page?.bind(module);
    const cursorPage = module.cursorPage?.bind(module);
    // The source is asked only once the URL is canonical (loadGrid redirects before), so `self` is the page's own address.
    const view = await loadGrid<Detail>({
      request,
      headers,
      definition,
      userId: signedIn.user.id,
      timeZone: context.timeZone,
      options: context.options,
      locked: context.locked,
      source: {
        page: page ? (state) => page(state, context, selfOf(request)) : undefined,
        cursorPage: cursorPage ? (state, seek) => cursorPage(state, seek, context, selfOf(request)) : undefined,
        detail: detail ? (rowId, state) => detail(rowId, context, selfOf(request), state) : undefined,
      },
    });
    const withActions = { ...view, actions: await allowedActions(signedIn, permissions), offers: context.offers ?? {} };
    return data(module.backLinks ? withBackLinks(withActions, definition) : withActions, { headers });
  }

  /**
   * The grid page's action: one of the definition's actions, by its intent (grid-actions.server.ts).
   * The route has checked the page permission; the action's own is checked here.
   */
  async function act(request: Request, signedIn: SignedIn) {
    const formData = await readForm(request, { maxBytes: module.formBodyLimit });
    const context = await contextOf(request, signedIn);
    const { rowsInScope, rowId, rowLabels } = module;
    return actOnGrid<Context, Row>({
      request,
      formData,
      signedIn,
      definition,
      handlers: module.actions ?? {},
      context,
      parseContext: { today: todayIn(context.timeZone, new Date()), timeZone: context.timeZone, options: context.options, locked: context.locked },
      rows: {
        rowsInScope: rowsInScope ? (ids) => rowsInScope.call(module, ids, context) : () => Promise.resolve([]),
        allRows: (state) => module.allRows(state, context),
        rowId: rowId ? (row) => rowId.call(module, row) : () => "",
        rowLabels: rowLabels ? (ids) => rowLabels.call(module, ids, context) : undefined,
      },
    });
  }

  /** `<grid path>.csv?<the grid's query>`: every matching row in the visible columns. */
  async function exportCsv(request: Request, signedIn: SignedIn): Promise<Response> {
    const context = await contextOf(request, signedIn);
    const { csvInDatabase } = module;
    return gridCsvResponse<Row>({
      request,
      userId: signedIn.user.id,
      definition,
      timeZone: context.timeZone,
      options: context.options,
      locked: context.locked,
      rows: (state) => module.allRows(state, context),
      cells: (row) => module.cells(row, context),
      inWorker: module.csvInWorker && { writer: module.csvInWorker.writer, context: module.csvInWorker.plainContext(context) },
      inDatabase: csvInDatabase && ((state, columnIds) => csvInDatabase.call(module, state, context, columnIds)),
    });
  }

  return { definition, loadPage, exportCsv, act };
}
