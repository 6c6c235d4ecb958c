import type { CSSProperties } from "react";
import { askStyle } from "~/grid/column-fit";
import type { ColumnLayout, ShownColumn } from "~/grid/column-layout";
import { pinnedWidthStyle, type ColumnPinning } from "~/grid/column-pinning";
import { ariaSort, sortHref, type GridLinks } from "~/grid/grid-links";
import { columnCellAttributes } from "./cell-text";
import { SORT_ARROWS } from "./grid-labels";
import { pinnedFieldProps } from "./pinned-cell";

interface GroupedTableHeadProps {
  layout: ColumnLayout;
  links: GridLinks;
  withExpand: boolean;
  withSelect: boolean;
  /** A header after the groups spanning both rows (the row actions' column), if any. */
  trailingHeader?: string;
  /** A wide grid's pinned row fields (column-pinning.ts); null for a grid that pins none of its headers. */
  pinning: ColumnPinning | null;
  /** Each column's ask for room (column-fit.ts), by column id. */
  asks: ReadonlyMap<string, string>;
}

/** A header cell's content: a sort link, named on its own (a sub-column's link says its group too). */
function HeaderContent({ column, links }: { column: ShownColumn; links: GridLinks }) {
  if (!column.sortable) {
    return (
      <>
        {column.group ? <span className="portal-visually-hidden">{`${column.group.label} `}</span> : null}
        {column.label}
      </>
    );
  }
  return (
    <a href={sortHref(links, column.id)} className="portal-grid-sort">
      {column.group ? <span className="portal-visually-hidden">{`${column.group.label} `}</span> : null}
      {column.label}
      <span aria-hidden>{SORT_ARROWS[ariaSort(links.state, column.id)]}</span>
    </a>
  );
}

function ControlHeader({ label }: { label: string }) {
  return (
    <th rowSpan={2} scope="col" className="portal-static-grid-control">
      <span className="portal-visually-hidden">{label}</span>
    </th>
  );
}

/**
 * The plain table's two header rows for a grid with column groups: each group heads its
 * sub-columns with `scope="colgroup"` over a `<colgroup>` of its own, so assistive technology reads
 * 'Jul 2026, RO Count' for a cell. The row fields sit under the grid's `fieldsLabel` the same way
 * (as mantine-react-table shows them once hydrated), or without one span both rows; the row
 * controls span both rows. A wide grid's pinned row fields and their header stay put while the
 * table scrolls sideways.
 */
export function GroupedTableHead({ layout, links, withExpand, withSelect, trailingHeader, pinning, asks }: GroupedTableHeadProps) {
  const { state } = links;
  const leading = (withExpand ? 1 : 0) + (withSelect ? 1 : 0);
  const fieldsBand = layout.bands.find((band) => band.group === null);
  const fields = fieldsBand?.columns ?? [];
  const fieldsLabel = fieldsBand?.label ?? null;
  const groups = layout.bands.flatMap(({ group, columns }) => (group ? [{ group, columns }] : []));
  // A pinned row field has its fixed width; any other asks for its column's room (column-fit.ts).
  const fieldPinning = (column: ShownColumn) => {
    const pinned = pinnedFieldProps(pinning?.columns.get(column.id));
    return "style" in pinned ? pinned : { style: askStyle(asks.get(column.id)) };
  };
  const fieldHeader = (column: ShownColumn, rowSpan: 1 | 2) => (
    <th
      key={column.id}
      rowSpan={rowSpan === 2 ? 2 : undefined}
      scope="col"
      aria-sort={column.sortable ? ariaSort(state, column.id) : undefined}
      {...columnCellAttributes(column)}
      {...fieldPinning(column)}
    >
      <HeaderContent column={column} links={links} />
    </th>
  );
  // The row fields' own header is pinned with them when all of them are.
  const bandPin =
    pinning && pinning.width > 0
      ? { "data-pin": "", "data-pin-last": "", style: { "--portal-pin-left": `${pinning.left}px`, ...pinnedWidthStyle(pinning.width) } as CSSProperties }
      : {};
  return (
    <>
      {leading > 0 ? <colgroup span={leading} /> : null}
      {fields.length > 0 ? <colgroup span={fields.length} /> : null}
      {groups.map((band) => (
        <colgroup key={band.group.id} span={band.columns.length} />
      ))}
      <thead>
        <tr>
          {withExpand ? <ControlHeader label="Details" /> : null}
          {withSelect ? <ControlHeader label="Select" /> : null}
          {fieldsLabel !== null && fields.length > 0 ? (
            <th colSpan={fields.length} scope="colgroup" className="portal-static-grid-group portal-static-grid-fields" {...bandPin}>
              {fieldsLabel}
            </th>
          ) : (
            fields.map((column) => fieldHeader(column, 2))
          )}
          {groups.map((band) => (
            <th key={band.group.id} colSpan={band.columns.length} scope="colgroup" className="portal-static-grid-group">
              {band.group.label}
            </th>
          ))}
          {trailingHeader !== undefined ? (
            <th rowSpan={2} scope="col">
              {trailingHeader}
            </th>
          ) : null}
        </tr>
        <tr>
          {fieldsLabel !== null ? fields.map((column) => fieldHeader(column, 1)) : null}
          {groups.flatMap((band) =>
            band.columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={column.sortable ? ariaSort(state, column.id) : undefined}
                {...columnCellAttributes(column)}
                style={askStyle(asks.get(column.id))}
              >
                <HeaderContent column={column} links={links} />
              </th>
            )),
          )}
        </tr>
      </thead>
    </>
  );
}
