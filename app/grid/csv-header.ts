import type { ColumnLayout } from "./column-layout";

/**
 * The header of a grid's CSV. A grid with column groups can write it in two forms, chosen by the
 * export URL's `header` parameter (decision 0027):
 * - one row (the default): each column named on its own, 'Jul 2026 RO Count', so every tool that
 *   takes the first line as the column names (Excel tables, importers, pandas) gets unique names;
 * - `header=two-rows`: the screen's two header rows, each group's label (and the row fields' own,
 *   when the grid names them) over its first column and empty cells over the rest (what a merged
 *   cell looks like), then the columns' own labels.
 * A grid without groups always writes one row of its labels. A date and time column's label names the
 * zone its values are read in, 'Last Updated Date (America/Chicago)': the values (YYYY-MM-DD HH:mm:ss)
 * do not (decision 0070).
 */
export const CSV_HEADER_PARAM = "header";
export const TWO_ROW_HEADER = "two-rows";

export type CsvHeaderForm = "one-row" | "two-rows";

export function csvHeaderForm(params: URLSearchParams): CsvHeaderForm {
  return params.get(CSV_HEADER_PARAM) === TWO_ROW_HEADER ? "two-rows" : "one-row";
}

export function csvHeaderRows(layout: ColumnLayout, form: CsvHeaderForm, timeZone: string): string[][] {
  const named = (column: ColumnLayout["columns"][number], label: string) => (column.width === "dateTime" ? `${label} (${timeZone})` : label);
  if (form === "two-rows" && layout.bands.length > 0) {
    const groups = layout.bands.flatMap((band) => band.columns.map((_, index) => (index === 0 && band.label !== null ? band.label : "")));
    return [groups, layout.columns.map((column) => named(column, column.label))];
  }
  return [layout.columns.map((column) => named(column, column.fullLabel))];
}
