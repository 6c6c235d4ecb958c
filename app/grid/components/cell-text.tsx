import type { ReactNode } from "react";
import { cellDisplay, cellTitle } from "~/grid/cell-display";
import type { ShownColumn } from "~/grid/column-layout";

/**
 * A cell's text on one line, cut with an ellipsis at its column's width (grid.css), with the whole
 * value on hover (a date to the second). `link` wraps the shown text (a Request ID's link).
 */
export function CellText({ column, value, link }: { column: Pick<ShownColumn, "width" | "dateStyle">; value: string; link?: (text: string) => ReactNode }) {
  const shown = cellDisplay(column.width, value, column.dateStyle);
  return (
    <span className="portal-grid-text" title={value === "" ? undefined : cellTitle(column.width, value, column.dateStyle)}>
      {link ? link(shown) : shown}
    </span>
  );
}

/** The first sub-column of a group (a month's RO Count) draws the line between groups (grid.css). */
export function groupStartAttribute(column: Pick<ShownColumn, "groupStart">): Record<`data-${string}`, string> {
  return column.groupStart ? { "data-group-start": "" } : {};
}

/** The attributes grid.css sizes and aligns a column's header by. */
export function columnCellAttributes(column: Pick<ShownColumn, "id" | "width" | "align" | "groupStart">): Record<`data-${string}`, string> {
  return { "data-column": column.id, "data-width": column.width, "data-align": column.align, ...groupStartAttribute(column) };
}

/** A body cell's: also its label, which a phone shows beside the value (grid.css). */
export function columnBodyCellAttributes(column: Pick<ShownColumn, "id" | "width" | "align" | "fullLabel" | "groupStart">): Record<`data-${string}`, string> {
  return { ...columnCellAttributes(column), "data-label": column.fullLabel };
}
