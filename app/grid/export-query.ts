import { columnLayout, type ShownColumn } from "./column-layout";
import { CSV_HEADER_PARAM, csvHeaderForm, csvHeaderRows } from "./csv-header";
import { todayIn } from "./dates";
import type { FilterOption, GridDefinition, GridState } from "./definition";
import { parseGridUrl } from "./url-state";

/**
 * What an export reads from its URL: the same query as the grid's (parsed by the grid's own
 * rules, so invalid values are dropped or corrected exactly as the grid would correct them; a
 * download never redirects), with the filters the server forces for this user, and the columns
 * the grid always exports added to the shown ones.
 */
export interface ExportQuery {
  state: GridState;
  /** Today in the user's time zone: the export's date, and the latest date the range may reach. */
  today: string;
  /** The visible columns, in the order the grid shows them (derived ones under their groups). */
  columns: ShownColumn[];
  /** The CSV's header row, or its two rows (csv-header.ts). */
  headerRows: string[][];
}

export interface ExportQueryInput {
  definition: GridDefinition;
  url: URL;
  timeZone: string;
  /** Filter options known at run time (configuration, providers, shops), by filter id. */
  options?: Readonly<Record<string, readonly FilterOption[]>>;
  /** Filters forced whatever the URL says (a provider-only user's provider). */
  locked?: Readonly<Record<string, string[]>>;
  now?: Date;
}

export function readExportQuery(input: ExportQueryInput): ExportQuery {
  const today = todayIn(input.timeZone, input.now);
  const params = new URLSearchParams(input.url.searchParams);
  params.delete(CSV_HEADER_PARAM);
  const parsed = parseGridUrl(input.definition, params, { today, timeZone: input.timeZone, options: input.options, locked: input.locked }).state;
  const state = { ...parsed, cols: exportedColumns(input.definition, parsed.cols) };
  const layout = columnLayout(input.definition, state, today);
  return { state, today, columns: layout.columns, headerRows: csvHeaderRows(layout, csvHeaderForm(input.url.searchParams), input.timeZone) };
}

/** The columns an export writes: the shown ones, then those the grid always exports (GridDefinition.exportedAlways). */
function exportedColumns(definition: GridDefinition, shown: readonly string[]): string[] {
  const always = definition.columns.filter((column) => definition.exportedAlways?.includes(column.id) && !shown.includes(column.id)).map((column) => column.id);
  return [...shown, ...always];
}
