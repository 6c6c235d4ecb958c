import type { CSSProperties } from "react";
import { CONTROL_WIDTH, pinnedWidthStyle, type PinnedColumn } from "~/grid/column-pinning";

/** The attributes of a cell of the plain table that stays put while the table scrolls sideways (grid.css `[data-pin]`). */
export type PinnedCellProps = { "data-pin": string; "data-pin-last"?: string; style: CSSProperties };

/** A pinned cell after `before` row-control columns, as wide as its content (the first data column of an ordinary grid). */
export function pinAfterControls(before: number): PinnedCellProps {
  return { "data-pin": "", style: { "--portal-pin-left": `${before * CONTROL_WIDTH}px` } as CSSProperties };
}

/** A pinned row field of a wide grid: its offset and its fixed width (column-pinning.ts); nothing when it is not pinned. */
export function pinnedFieldProps(pinned: PinnedColumn | undefined): PinnedCellProps | Record<string, never> {
  if (!pinned) return {};
  return {
    "data-pin": "",
    ...(pinned.last ? { "data-pin-last": "" } : {}),
    style: { "--portal-pin-left": `${pinned.left}px`, ...pinnedWidthStyle(pinned.width) } as CSSProperties,
  };
}
