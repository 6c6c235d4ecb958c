/** The words and marks the grid's own controls share, before hydration (plain table) and after (MRT). */

export const SORT_ARROWS = { ascending: " ▲", descending: " ▼", none: "" } as const;
export type SortState = keyof typeof SORT_ARROWS;

export function expandRowLabel(rowId: string, open: boolean): string {
  return `${open ? "Collapse" : "Expand"} row ${rowId}`;
}

export function expandRowMark(open: boolean): string {
  return open ? "▾" : "▸";
}

export function selectRowLabel(rowId: string): string {
  return `Select row ${rowId}`;
}

/** The column of each row's action buttons (the grid's row actions). */
export const ROW_ACTIONS_COLUMN = "grid-row-actions";
export const ROW_ACTIONS_HEADER = "Actions";
