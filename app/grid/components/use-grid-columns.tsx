import { Anchor, VisuallyHidden } from "@mantine/core";
import type { MRT_ColumnDef, MRT_Row } from "mantine-react-table";
import { useMemo, type MouseEvent, type ReactNode } from "react";
import { askStyle, columnWidths } from "~/grid/column-fit";
import { columnLayout, type ShownColumn } from "~/grid/column-layout";
import { pinnedWidthStyle, rowFieldPinning, type PinnedColumn } from "~/grid/column-pinning";
import type { GridDefinition } from "~/grid/definition";
import { ariaSort, expandHref, sortHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow } from "~/grid/grid-view";
import { isPlainClick } from "~/lib/plain-click";
import { CellText, columnBodyCellAttributes, columnCellAttributes } from "./cell-text";
import { GridLink } from "./grid-busy";
import { ROW_ACTIONS_COLUMN, ROW_ACTIONS_HEADER } from "./grid-labels";
import { HeaderLabel } from "./header-label";
import { ExpandLink, RowCheckbox, SelectAllCheckbox } from "./row-controls";
import { SortHeader } from "./sort-header";

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
  /** The page's rows: each column asks for room from what its cells show (column-fit.ts). */
  rows: readonly GridRow[];
  withExpand: boolean;
  /** The bulk form the row checkboxes belong to; no select column without one. */
  bulkFormId: string | undefined;
  /** Opens a link cell's target in a dialog (a plain left click); without it links navigate. */
  onOpenLink?: (href: string) => void;
  /** The Actions cell of each row (the grid's row actions), when it has any. */
  rowActions?: (row: GridRow) => ReactNode;
}

export interface GridColumns {
  columns: MRT_ColumnDef<GridRow>[];
  /** The leaf columns pinned on the left while the table scrolls sideways, in order. */
  pinned: string[];
}

/**
 * The table's columns, built once per grid state: the expand link, the row checkbox, then the
 * visible columns in URL order, sortable ones with a link header and aria-sort, link cells as
 * Remix links. A grid with column groups nests each group's sub-columns under a group column (MRT
 * header groups); its row fields sit under a group of their own when the grid names them
 * (`fieldsLabel`), else under an empty placeholder cell each. Pinned: the row controls and the
 * first data column, or a wide grid's row fields at fixed widths (column-pinning.ts).
 */
export function useGridColumns({ definition, links, rows, withExpand, bulkFormId, onOpenLink, rowActions }: GridColumnsInput): GridColumns {
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
    const pinning = definition.wide ? rowFieldPinning(layout, controls.length) : null;
    const asks = columnWidths(layout.columns, rows, Boolean(definition.wide));
    const leafOf = (column: ShownColumn): MRT_ColumnDef<GridRow> => {
      const sort = ariaSort(state, column.id);
      const context = column.group ? `${column.group.label} ` : undefined;
      const pinned = pinning?.columns.get(column.id);
      const widthStyle = pinned ? { style: pinnedWidthStyle(pinned.width) } : {};
      // The header asks for the column's room; a pinned column keeps its fixed width.
      const headWidthStyle = pinned ? widthStyle : { style: askStyle(asks.get(column.id)) };
      return {
        id: column.id,
        header: column.label,
        // MRT places a pinned column at the sum of the sizes before it: a pinned row field's size is its fixed width.
        ...(pinned ? { size: pinned.width, minSize: pinned.width } : {}),
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
        mantineTableHeadCellProps: { ...columnCellAttributes(column), ...(column.sortable ? { "aria-sort": sort } : {}), ...headWidthStyle },
        // A heat-map level (GridRow.shades) shades the cell (grid.css).
        mantineTableBodyCellProps: ({ row }) =>
          ({
            ...columnBodyCellAttributes(column),
            ...(row.original.shades?.[column.id] ? { "data-heat": String(row.original.shades[column.id]) } : {}),
            ...widthStyle,
          }) as Record<string, string>,
      };
    };
    const data =
      layout.bands.length === 0
        ? layout.columns.map(leafOf)
        : layout.bands.flatMap(({ group, label, columns }): MRT_ColumnDef<GridRow>[] =>
            group
              ? [{ id: `group-${group.id}`, header: group.label, columns: columns.map(leafOf), mantineTableHeadCellProps: { scope: "colgroup" } }]
              : label !== null
                ? [{ id: FIELDS_GROUP, header: label, columns: columns.map(leafOf), mantineTableHeadCellProps: fieldsGroupCellProps(pinning) }]
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
    const controlIds = controls.map((column) => column.id ?? "");
    const pinned = pinning ? [...controlIds, ...pinning.columns.keys()] : firstColumnPinned(controlIds, layout.columns[0]?.id);
    return { columns: [...controls, ...data, ...actionsColumn], pinned };
  }, [definition, links, rows, withExpand, bulkFormId, onOpenLink, rowActions]);
}

/** The group column over the row fields (GridColumnGroups.fieldsLabel). */
const FIELDS_GROUP = "group-row-fields";

/**
 * The row fields' group header: MRT pins no group header, so when all the row fields are pinned
 * their header is made to stay put with them (over their summed width; a phone's cards undo it, grid.css).
 */
function fieldsGroupCellProps(pinning: { left: number; width: number; columns: ReadonlyMap<string, PinnedColumn> } | null): Record<string, unknown> {
  if (!pinning || pinning.width === 0) return { scope: "colgroup" };
  return {
    scope: "colgroup",
    "data-pinned-group": "",
    style: { position: "sticky", left: `${pinning.left}px`, zIndex: 4, ...pinnedWidthStyle(pinning.width) },
  };
}

/** The row controls and the first data column: what an ordinary grid keeps in view while it scrolls sideways. */
function firstColumnPinned(controls: readonly string[], first: string | undefined): string[] {
  return first ? [...controls, first] : [...controls];
}

/** The leaf columns' ids in order (MRT's column order names leaves, not groups). */
export function columnIdsOf(columns: readonly MRT_ColumnDef<GridRow>[]): string[] {
  return columns.flatMap((column) => (column.columns ? columnIdsOf(column.columns) : column.id ? [column.id] : []));
}
