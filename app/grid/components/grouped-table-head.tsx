import type { ColumnLayout, ShownColumn } from "~/grid/column-layout";
import { ariaSort, sortHref, type GridLinks } from "~/grid/grid-links";
import { SORT_ARROWS } from "./grid-labels";

interface GroupedTableHeadProps {
  layout: ColumnLayout;
  links: GridLinks;
  withExpand: boolean;
  withSelect: boolean;
  /** A header after the groups spanning both rows (the row actions' column), if any. */
  trailingHeader?: string;
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
 * The plain table's two header rows for a grid with column groups: the row fields (and the row
 * controls) span both rows; each group heads its sub-columns with `scope="colgroup"` over a
 * `<colgroup>` of its own, so assistive technology reads 'Jul 2026, RO Count' for a cell.
 */
export function GroupedTableHead({ layout, links, withExpand, withSelect, trailingHeader }: GroupedTableHeadProps) {
  const { state } = links;
  const leading = (withExpand ? 1 : 0) + (withSelect ? 1 : 0);
  const fields = layout.bands.filter((band) => band.group === null).flatMap((band) => band.columns);
  const groups = layout.bands.flatMap(({ group, columns }) => (group ? [{ group, columns }] : []));
  return (
    <>
      {leading + fields.length > 0 ? <colgroup span={leading + fields.length} /> : null}
      {groups.map((band) => (
        <colgroup key={band.group.id} span={band.columns.length} />
      ))}
      <thead>
        <tr>
          {withExpand ? <ControlHeader label="Details" /> : null}
          {withSelect ? <ControlHeader label="Select" /> : null}
          {fields.map((column) => (
            <th key={column.id} rowSpan={2} scope="col" aria-sort={column.sortable ? ariaSort(state, column.id) : undefined}>
              <HeaderContent column={column} links={links} />
            </th>
          ))}
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
          {groups.flatMap((band) =>
            band.columns.map((column) => (
              <th key={column.id} scope="col" aria-sort={column.sortable ? ariaSort(state, column.id) : undefined}>
                <HeaderContent column={column} links={links} />
              </th>
            )),
          )}
        </tr>
      </thead>
    </>
  );
}
