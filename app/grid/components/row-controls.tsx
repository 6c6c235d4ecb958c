import { Anchor, VisuallyHidden } from "@mantine/core";
import type { MRT_Row, MRT_TableInstance } from "mantine-react-table";
import type { GridRow } from "~/grid/grid-view";
import { useHydrated } from "~/lib/use-hydrated";
import { GridLink } from "./grid-busy";
import { expandRowLabel, expandRowMark, selectRowLabel } from "./grid-labels";

/**
 * The expand and select cells, as light as a link and a native checkbox (MRT's own action icons
 * and Mantine checkboxes in tooltips cost more to render than the rest of a row).
 */
export function ExpandLink({ rowId, href, open }: { rowId: string; href: string; open: boolean }) {
  const label = expandRowLabel(rowId, open);
  return (
    <Anchor component={GridLink} to={href} aria-label={label} aria-expanded={open} title={label} className="portal-grid-expand" c="dimmed">
      {expandRowMark(open)}
    </Anchor>
  );
}

/** A row's checkbox: it belongs to the bulk form (HTML form attribute), so it works without JavaScript. */
export function RowCheckbox({ row, formId }: { row: MRT_Row<GridRow>; formId: string | undefined }) {
  return (
    <input
      type="checkbox"
      className="portal-grid-checkbox"
      name="ids"
      value={row.id}
      form={formId}
      aria-label={selectRowLabel(row.id)}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}

/** The select column's header: select all rows of the page with JavaScript, a plain caption without. */
export function SelectAllCheckbox({ table }: { table: MRT_TableInstance<GridRow> }) {
  const hydrated = useHydrated();
  if (!hydrated) return <VisuallyHidden>Select</VisuallyHidden>;
  return (
    <input
      type="checkbox"
      className="portal-grid-checkbox"
      aria-label="Select all rows on this page"
      checked={table.getIsAllPageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}
