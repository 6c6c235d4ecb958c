import type { CSSProperties } from "react";
import { cellDisplay } from "./cell-display";
import type { ShownColumn } from "./column-layout";
import type { ColumnWidth } from "./definition";
import type { GridRow } from "./grid-view";

/**
 * How wide each column asks to be, from what its cells show on this page (issue 26 item 14,
 * decision 0073). The table lays itself out (automatic table layout) from these asks: each header
 * cell carries its column's width (columnWidths), and a cell's text adds nothing of its own
 * (grid.css), so a column whose cells are all empty asks for nothing and is as narrow as its
 * header's words, and the room goes to the columns with something to show. The server and the browser compute the same asks from the same rows, so the
 * plain table and mantine-react-table agree, with or without JavaScript.
 */

/**
 * The most a text column asks for, in `ch` of the grid's font: what the width classes stood for
 * before (grid.css, 13 px text), so that on a crowded page a long name gives way first. A column
 * may still get more when the window has room to spare.
 */
const MOST: Record<ColumnWidth, number> = {
  id: 14,
  year: 5,
  short: 12,
  medium: 13,
  name: 18,
  wide: 24,
  wider: 30,
  code: 19,
  dateTime: 17,
};

const NARROW = /[ iljtfrI.,:;'!|()[\]\-/]/;
const BROAD = /[mwMW@%]/;
const CAPITAL = /[A-Z#&]/;

/** A text's width in `ch` (the width of "0"), estimated from its letters: wide fonts (DejaVu Sans) rather more than less. */
export function textWidthInCh(text: string): number {
  let width = 0;
  for (const letter of text) {
    width += NARROW.test(letter) ? 0.55 : BROAD.test(letter) ? 1.5 : CAPITAL.test(letter) ? 1.15 : 1;
  }
  return width;
}

/** A column's ask in `ch`: its widest shown text on the page with room for the ellipsis, at most its class's; 0 when every cell is empty. */
export function columnAsk(column: Pick<ShownColumn, "id" | "width" | "dateStyle">, rows: readonly GridRow[]): number {
  let widest = 0;
  for (const row of rows) {
    const value = row.cells[column.id] ?? "";
    if (value !== "") widest = Math.max(widest, textWidthInCh(cellDisplay(column.width, value, column.dateStyle)));
  }
  if (widest === 0) return 0;
  return Math.round(Math.min(widest + 1, MOST[column.width]) * 10) / 10;
}

/**
 * The header cells' widths, by column id. A grid that fits its box shares the box's width among
 * the columns in proportion to their asks (a percentage each), so the spare room of a wide window
 * goes to the columns with the most to show and none to an empty one (0%: its header's words); a
 * column never gets less than its header's longest word or its uncut id or date. A wide grid
 * (GridDefinition.wide), which scrolls sideways, asks in `ch` instead.
 */
export function columnWidths(columns: readonly ShownColumn[], rows: readonly GridRow[], wide: boolean): ReadonlyMap<string, string> {
  const asks = columns.map((column) => [column.id, columnAsk(column, rows)] as const);
  if (wide) return new Map(asks.map(([id, ask]) => [id, `calc(${ask}ch + 10px)`]));
  const total = asks.reduce((sum, [, ask]) => sum + ask, 0);
  return new Map(asks.map(([id, ask]) => [id, total === 0 ? "auto" : `${Math.floor((ask / total) * 1000) / 10}%`]));
}

/** A header cell's style for its column's width. */
export function askStyle(width: string | undefined): CSSProperties {
  return width === undefined ? {} : { width };
}
