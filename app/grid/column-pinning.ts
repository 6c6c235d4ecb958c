import type { ColumnLayout } from "./column-layout";
import type { ColumnWidth } from "./definition";

/**
 * Which columns of a wide grid (GridDefinition.wide) stay put while the table scrolls sideways, and
 * where: its row fields, each held to a fixed width so that the next one's offset is known before
 * the browser lays the table out. The plain table (CSS `position: sticky`, without JavaScript) and
 * mantine-react-table (its column pinning, whose offsets are the sum of the pinned columns' sizes)
 * read the same numbers, so both pin the same columns at the same places.
 */

/** The width of a row-control column (expand link, row checkbox), in px. */
export const CONTROL_WIDTH = 30;

/**
 * A pinned cell's width by width class, in px with its 10 px of padding: the width its text is cut
 * at (grid.css), and for ids (never cut) room for nine digits.
 */
const PINNED_WIDTH: Record<ColumnWidth, number> = {
  id: 84,
  year: 50,
  short: 90,
  medium: 98,
  name: 138,
  wide: 186,
  wider: 250,
  code: 162,
  dateTime: 130,
};

/**
 * At most this much (px) is pinned: the row fields of the adoption report's defaults take 492, which
 * leaves two months of five measures in view at 1280 px. A user who adds row fields past it gets
 * the whole table scrolling (a pinned block wider than half a laptop's window would leave the
 * months a slit, and none at all on a narrower window).
 */
export const PIN_BUDGET = 600;

export interface PinnedColumn {
  /** Offset from the table's left edge, px. */
  left: number;
  /** Fixed width, px (padding included). */
  width: number;
  /** The last pinned column: it draws the edge the rest scrolls under. */
  last: boolean;
}

export interface ColumnPinning {
  /** The pinned data columns by id. */
  columns: ReadonlyMap<string, PinnedColumn>;
  /** Where the pinned block starts (after the row controls) and how wide it is, px; width 0 when nothing is pinned. */
  left: number;
  width: number;
}

export const NO_PINNING: ColumnPinning = { columns: new Map(), left: 0, width: 0 };

/**
 * The row fields of a wide grid's layout, pinned after `controls` row-control columns, all of them or
 * (past the budget) none.
 */
export function rowFieldPinning(layout: ColumnLayout, controls: number): ColumnPinning {
  const fields = layout.columns.filter((column) => column.group === null);
  const widths = fields.map((column) => PINNED_WIDTH[column.width]);
  const width = widths.reduce((sum, each) => sum + each, 0);
  if (fields.length === 0 || width > PIN_BUDGET) return NO_PINNING;
  const start = controls * CONTROL_WIDTH;
  const columns = new Map<string, PinnedColumn>();
  let left = start;
  fields.forEach((column, index) => {
    columns.set(column.id, { left, width: widths[index], last: index === fields.length - 1 });
    left += widths[index];
  });
  return { columns, left: start, width };
}

/** A pinned cell's fixed width as inline style (a table cell takes `width` as its least width; min and max hold it). */
export function pinnedWidthStyle(width: number): { width: string; minWidth: string; maxWidth: string } {
  const px = `${width}px`;
  return { width: px, minWidth: px, maxWidth: px };
}
