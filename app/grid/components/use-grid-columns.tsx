import { Anchor, VisuallyHidden } from "@mantine/core";
import type { MRT_ColumnDef, MRT_Row } from "mantine-react-table";
import { useMemo, type MouseEvent, type ReactNode } from "react";
import { columnLayout, type ShownColumn } from "~/grid/column-layout";
import type { GridDefinition } from "~/grid/definition";
import { ariaSort, expandHref, sortHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow } from "~/grid/grid-view";
import { CellText, columnBodyCellAttributes, columnCellAttributes } from "./cell-text";
import { GridLink } from "./grid-busy";
import { ROW_ACTIONS_COLUMN, ROW_ACTIONS_HEADER } from "./grid-labels";
import { ExpandLink, RowCheckbox, SelectAllCheckbox } from "./row-controls";
import { HeaderLabel } from "./header-label";
import { SortHeader } from "./sort-header";
import { isPlainClick } from "~/lib/plain-click";

/** MRT's own expand and select columns, hidden: the grid's light ones replace them. */
export const HIDDEN_MRT_COLUMNS = { "mrt-row-expand": false, "mrt-row-select": false };

const EXPAND_COLUMN = "grid-expand";
const SELECT_COLUMN = "grid-select";

/** A row-control column's header cell, named for styles (grid.css hides it on a phone). */
const controlHeader = (id: string): Record<`data-${string}`, string> => ({ "data-column": id });

/** Rows MRT makes up for itself (the empty-table row) have no id of ours. */
const isDataRow = (row: MRT_Row<GridRow>) => typeof row.original.id === "string";

interface GridColumnsInput {
  definition: GridDefinition;
  links: GridLinks;
  withExpand: boolean;
  /** The bulk form the row checkboxes belong to; no select column without one. */
  bulkFormId: string | undefined;
  /** Opens a link cell's target in a dialog (a plain left click); without it links navigate. */
  onOpenLink?: (href: string) => void;
  /** The Actions cell of each row (the grid's row actions), when it has any. */
  rowActions?: (row: GridRow) => ReactNode;
}

/**
 * The table's columns, built once per grid state: the expand link, the row checkbox, then the
 * visible columns in URL order, sortable ones with a link header and aria-sort, link cells as
 * Remix links. A grid with column groups nests each group's sub-columns under a group column (MRT
 * header groups); its row fields then get an empty placeholder cell above them.
 */
export function useGridColumns({ definition, links, withExpand, bulkFormId, onOpenLink, rowActions }: GridColumnsInput): MRT_ColumnDef<GridRow>[] {
  return useMemo(() => {
    const { state } = links;
    const controls: MRT_ColumnDef<GridRow>[] = [];
    if (withExpand) {
      controls.push({
        id: EXPAND_COLUMN,
        header: "Details",
        columnDefType: "display",
        size: 30,
        mantineTableHeadCellProps: { ...controlHeader(EXPAND_COLUMN) },
        Header: () => <VisuallyHidden>Details</VisuallyHidden>,
        Cell: ({ row }) => {
          if (!isDataRow(row)) return null;
          const open = row.id === state.expanded;
          return <ExpandLink rowId={row.id} open={open} href={expandHref(links, open ? null : row.id)} />;
        },
      });
    }
    if (bulkFormId !== undefined) {
      controls.push({
        id: SELECT_COLUMN,
        header: "Select",
        columnDefType: "display",
        size: 30,
        mantineTableHeadCellProps: { ...controlHeader(SELECT_COLUMN) },
        Header: ({ table }) => <SelectAllCheckbox table={table} />,
        Cell: ({ row }) => (isDataRow(row) ? <RowCheckbox row={row} formId={bulkFormId} /> : null),
      });
    }
    const layout = columnLayout(definition, state, links.today);
    const leafOf = (column: ShownColumn): MRT_ColumnDef<GridRow> => {
      const sort = ariaSort(state, column.id);
      const context = column.group ? `${column.group.label} ` : undefined;
      return {
        id: column.id,
        header: column.label,
        accessorFn: (row: GridRow) => row.cells[column.id] ?? "",
        Header: column.sortable
          ? () => <SortHeader label={column.label} href={sortHref(links, column.id)} sort={sort} context={context} />
          : () => <HeaderLabel label={column.label} />,
        Cell: ({ row }) => {
          const value = row.original.cells[column.id] ?? "";
          const href = row.original.links?.[column.id];
          const link = href
            ? (text: string) => (
                <Anchor
                  component={GridLink}
                  to={href}
                  size="sm"
                  onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                    if (!onOpenLink || !isPlainClick(event)) return;
                    event.preventDefault();
                    onOpenLink(href);
                  }}
                >
                  {text}
                </Anchor>
              )
            : undefined;
          return <CellText column={column} value={value} link={link} />;
        },
        mantineTableHeadCellProps: { ...columnCellAttributes(column), ...(column.sortable ? { "aria-sort": sort } : {}) },
        // A heat-map level (GridRow.shades) shades the cell (grid.css).
        mantineTableBodyCellProps: ({ row }) => ({ ...columnBodyCellAttributes(column), ...(row.original.shades?.[column.id] ? { "data-heat": String(row.original.shades[column.id]) } : {}) }) as Record<string, string>,
      };
    };
    const data =
      layout.bands.length === 0
        ? layout.columns.map(leafOf)
        : layout.bands.flatMap(({ group, columns }): MRT_ColumnDef<GridRow>[] =>
            group
              ? [{ id: `group-${group.id}`, header: group.label, columns: columns.map(leafOf), mantineTableHeadCellProps: { scope: "colgroup" } }]
              : columns.map(leafOf),
          );
    const actionsColumn: MRT_ColumnDef<GridRow>[] = rowActions
      ? [
          {
            id: ROW_ACTIONS_COLUMN,
            header: ROW_ACTIONS_HEADER,
            columnDefType: "display",
            Cell: ({ row }) => (isDataRow(row) ? rowActions(row.original) : null),
          },
        ]
      : [];
    return [...controls, ...data, ...actionsColumn];
  }, [definition, links, withExpand, bulkFormId, onOpenLink, rowActions]);
}

/** The leaf columns' ids in order (MRT's column order names leaves, not groups). */
export function columnIdsOf(columns: readonly MRT_ColumnDef<GridRow>[]): string[] {
  return columns.flatMap((column) => (column.columns ? columnIdsOf(column.columns) : column.id ? [column.id] : []));
}

/** The row controls and the first data column: what stays put while the table scrolls sideways. */
export function pinnedColumnIds(columns: readonly MRT_ColumnDef<GridRow>[]): string[] {
  const controls = columns.filter((column) => column.id === EXPAND_COLUMN || column.id === SELECT_COLUMN).map((column) => column.id ?? "");
  const firstData = columns.find((column) => column.id !== EXPAND_COLUMN && column.id !== SELECT_COLUMN && !column.columns);
  return firstData?.id ? [...controls, firstData.id] : controls;
}
