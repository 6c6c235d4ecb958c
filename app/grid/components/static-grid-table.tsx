import { useMemo, type ReactNode } from "react";
import { askStyle, columnWidths } from "~/grid/column-fit";
import { columnLayout } from "~/grid/column-layout";
import { rowFieldPinning } from "~/grid/column-pinning";
import type { GridDefinition } from "~/grid/definition";
import { ariaSort, expandHref, sortHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow } from "~/grid/grid-view";
import { CellText, columnBodyCellAttributes, columnCellAttributes } from "./cell-text";
import { EmptyRows } from "./empty-rows";
import { expandRowLabel, expandRowMark, ROW_ACTIONS_COLUMN, ROW_ACTIONS_HEADER, selectRowLabel, SORT_ARROWS } from "./grid-labels";
import { GroupedTableHead } from "./grouped-table-head";
import { HeaderLabel } from "./header-label";
import { pinAfterControls as pin, pinnedFieldProps, type PinnedCellProps } from "./pinned-cell";
import { wideRegionProps } from "./wide-region";

interface StaticGridTableProps {
  definition: GridDefinition;
  links: GridLinks;
  rows: readonly GridRow[];
  /** The open row's panel, when a row of this page is expanded. */
  expandedPanel: ReactNode;
  withExpand: boolean;
  bulkFormId: string | undefined;
  /** The Actions cell of each row (the grid's row actions), when it has any. */
  rowActions?: (row: GridRow) => ReactNode;
}

/**
 * The grid's table as the server sends it and as the first client render repeats it: plain
 * elements, anchors and native checkboxes, with the same roles, names, columns and links as the
 * mantine-react-table that replaces it once hydrated. Rendering MRT on the server cost several
 * times the whole rest of the page (docs/performance.md), for markup a browser without JavaScript
 * uses only as links and form fields.
 */
export function StaticGridTable({ definition, links, rows, expandedPanel, withExpand, bulkFormId, rowActions }: StaticGridTableProps) {
  const { state } = links;
  const layout = useMemo(() => columnLayout(definition, state, links.today), [definition, state, links.today]);
  const { columns } = layout;
  const width = columns.length + (withExpand ? 1 : 0) + (bulkFormId !== undefined ? 1 : 0) + (rowActions ? 1 : 0);
  const controls = (withExpand ? 1 : 0) + (bulkFormId !== undefined ? 1 : 0);
  const firstColumn = columns[0]?.id;
  // A wide grid pins its row fields (column-pinning.ts); any other grid its first column.
  const pinning = useMemo(() => (definition.wide ? rowFieldPinning(layout, controls) : null), [definition.wide, layout, controls]);
  const pinData = (columnId: string): PinnedCellProps | Record<string, never> =>
    pinning ? pinnedFieldProps(pinning.columns.get(columnId)) : columnId === firstColumn ? pin(controls) : {};
  const asks = useMemo(() => columnWidths(columns, rows, Boolean(definition.wide)), [columns, rows, definition.wide]);
  // A header cell asks for its column's room (column-fit.ts); a pinned row field has its fixed width instead.
  const headData = (columnId: string) => {
    const pinned = pinData(columnId);
    const fixed = pinning?.columns.has(columnId) ?? false;
    return { ...pinned, style: { ...(fixed ? {} : askStyle(asks.get(columnId))), ...("style" in pinned ? pinned.style : {}) } };
  };
  return (
    <div className="portal-static-grid-scroll" {...wideRegionProps(definition)}>
      <table className="portal-static-grid" aria-label={definition.title}>
        {layout.bands.length > 0 ? (
          <GroupedTableHead
            layout={layout}
            links={links}
            withExpand={withExpand}
            withSelect={bulkFormId !== undefined}
            trailingHeader={rowActions ? ROW_ACTIONS_HEADER : undefined}
            pinning={pinning}
            asks={asks}
          />
        ) : (
          <thead>
            <tr>
              {withExpand ? (
                <th className="portal-static-grid-control" {...pin(0)}>
                  <span className="portal-visually-hidden">Details</span>
                </th>
              ) : null}
              {bulkFormId !== undefined ? (
                <th className="portal-static-grid-control" {...pin(withExpand ? 1 : 0)}>
                  <span className="portal-visually-hidden">Select</span>
                </th>
              ) : null}
              {columns.map((column) => {
                if (!column.sortable) {
                  return (
                    <th key={column.id} {...columnCellAttributes(column)} {...headData(column.id)}>
                      <HeaderLabel label={column.label} />
                    </th>
                  );
                }
                const sort = ariaSort(state, column.id);
                return (
                  <th key={column.id} aria-sort={sort} {...columnCellAttributes(column)} {...headData(column.id)}>
                    <a href={sortHref(links, column.id)} className="portal-grid-sort">
                      <HeaderLabel label={column.label} />
                      <span aria-hidden>{SORT_ARROWS[sort]}</span>
                    </a>
                  </th>
                );
              })}
              {rowActions ? <th>{ROW_ACTIONS_HEADER}</th> : null}
            </tr>
          </thead>
        )}
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={width} className="portal-static-grid-empty">
                <EmptyRows definition={definition} />
              </td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const open = row.id === state.expanded;
            const expandLabel = expandRowLabel(row.id, open);
            return [
              <tr key={row.id} className={row.muted ? "portal-grid-row-muted" : undefined}>
                {withExpand ? (
                  <td className="portal-grid-cell portal-static-grid-control" data-column="grid-expand" {...pin(0)}>
                    <a
                      href={expandHref(links, open ? null : row.id)}
                      aria-label={expandLabel}
                      aria-expanded={open}
                      title={expandLabel}
                      className="portal-grid-expand"
                    >
                      {expandRowMark(open)}
                    </a>
                  </td>
                ) : null}
                {bulkFormId !== undefined ? (
                  <td className="portal-grid-cell portal-static-grid-control" data-column="grid-select" {...pin(withExpand ? 1 : 0)}>
                    <input type="checkbox" className="portal-grid-checkbox" name="ids" value={row.id} form={bulkFormId} aria-label={selectRowLabel(row.id)} />
                  </td>
                ) : null}
                {columns.map((column) => {
                  const value = row.cells[column.id] ?? "";
                  const href = row.links?.[column.id];
                  const shade = row.shades?.[column.id];
                  return (
                    <td key={column.id} className="portal-grid-cell" {...columnBodyCellAttributes(column)} {...pinData(column.id)} data-heat={shade}>
                      <CellText column={column} value={value} link={href ? (text) => <a href={href}>{text}</a> : undefined} />
                    </td>
                  );
                })}
                {rowActions ? (
                  <td className="portal-grid-cell" data-column={ROW_ACTIONS_COLUMN}>
                    {rowActions(row)}
                  </td>
                ) : null}
              </tr>,
              open && expandedPanel !== null ? (
                <tr key={`${row.id}-detail`} className="portal-static-grid-detail">
                  <td colSpan={width}>
                    <div className="portal-grid-detail-panel">{expandedPanel}</div>
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
