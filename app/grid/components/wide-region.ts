import type { GridDefinition } from "~/grid/definition";

/**
 * The box a wide grid's table scrolls sideways in (GridDefinition.wide): a named region that takes
 * the keyboard's focus, so arrow keys scroll it without a mouse (axe: scrollable-region-focusable).
 * Nothing for other grids, whose default columns fit the window.
 */
export function wideRegionProps(definition: GridDefinition): { role?: "region"; "aria-label"?: string; tabIndex?: number } {
  if (!definition.wide) return {};
  return { role: "region", "aria-label": wideRegionLabel(definition), tabIndex: 0 };
}

/** The region's name: the table's, and that it scrolls. */
export function wideRegionLabel(definition: GridDefinition): string {
  return `${definition.title} table, scrolls sideways`;
}
