import { Form } from "@remix-run/react";
import { Paper } from "@mantine/core";
import { MantineReactTable, useMantineReactTable } from "mantine-react-table";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { GridDefinition } from "~/grid/definition";
import { gridPageHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow, GridView } from "~/grid/grid-view";
import type { GridBulkAction } from "./bulk-action";
import { useHydrated } from "~/lib/use-hydrated";
import { useGridBusy } from "./grid-busy";
import { GridPagination } from "./grid-pagination";
import { GridToolbar } from "./grid-toolbar";
import { StaticGridTable } from "./static-grid-table";
import { HIDDEN_MRT_COLUMNS, useGridColumns } from "./use-grid-columns";
import { useGridSelection } from "./use-grid-selection";

export interface DataGridProps<Detail> {
  definition: GridDefinition;
  view: GridView<Detail>;
  /** The expanded row's panel (the loader fetched its details); without it rows do not expand. */
  renderDetail?: (detail: Detail, row: GridRow) => ReactNode;
  bulk?: GridBulkAction;
  /** A line under the toolbar, e.g. 'Grayed rows are test shops.' */
  note?: string;
  /**
   * With JavaScript, a link cell opens this dialog over the grid instead of leaving it (the detail
   * views); a modified click (new tab) and the page without JavaScript follow the link.
   */
  linkDialog?: (props: { href: string | null; onClose: () => void }) => ReactNode;
}

/**
 * The one grid of the portal. Everything is a link or a GET form (STACK.md): sort headers, pages,
 * page sizes, chips, expansion, the filter menu, the date range and the column chooser, so it
 * works without JavaScript. The server and the first client render send a plain table with those
 * links; once hydrated it becomes mantine-react-table, the same URLs are followed by Remix, row
 * selection is live and no second request starts while one is under way.
 */
export function DataGrid<Detail>(props: DataGridProps<Detail>) {
  const hydrated = useHydrated();
  return hydrated ? <InteractiveGrid {...props} /> : <StaticGrid {...props} />;
}

function StaticGrid<Detail>({ definition, view, renderDetail, bulk, note }: DataGridProps<Detail>) {
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const expandedRow = renderDetail && view.detail !== null ? view.rows.find((row) => row.id === state.expanded) : undefined;
  return (
    <>
      <Paper withBorder shadow="none">
        <GridToolbar links={links} view={view} selectedRows={[]} bulk={bulk} note={note} />
        <StaticGridTable
          definition={definition}
          links={links}
          rows={view.rows}
          expandedPanel={expandedRow && view.detail !== null && renderDetail ? renderDetail(view.detail, expandedRow) : null}
          withExpand={Boolean(renderDetail)}
          bulkFormId={bulk?.formId}
        />
        <GridPagination links={links} total={view.total} cursor={view.cursor} rowCount={view.rows.length} />
      </Paper>
      {bulk ? <BulkForm bulk={bulk} returnTo={gridPageHref(definition, view.search)} offPageIds={[]} /> : null}
    </>
  );
}

/** The bulk action's form: the row checkboxes belong to it; rows selected on other pages travel as hidden ids. */
function BulkForm({ bulk, returnTo, offPageIds }: { bulk: GridBulkAction; returnTo: string; offPageIds: readonly string[] }) {
  return (
    <Form id={bulk.formId} method={bulk.method} action={bulk.action} hidden>
      <input type="hidden" name="returnTo" value={returnTo} />
      {offPageIds.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </Form>
  );
}

function InteractiveGrid<Detail>({ definition, view, renderDetail, bulk, note, linkDialog }: DataGridProps<Detail>) {
  const [dialogHref, setDialogHref] = useState<string | null>(null);
  const closeDialog = useCallback(() => setDialogHref(null), []);
  const busy = useGridBusy();
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const queryKey = useMemo(() => JSON.stringify([state.filters, state.from, state.to]), [state.filters, state.from, state.to]);
  const { rowSelection, onRowSelectionChange, selectedRows } = useGridSelection(view.rows, queryKey);
  const bulkFormId = bulk?.formId;

  const columns = useGridColumns({
    definition,
    links,
    withExpand: Boolean(renderDetail),
    bulkFormId,
    onOpenLink: linkDialog ? setDialogHref : undefined,
  });

  const expandedRowOnPage = state.expanded !== null && view.detail !== null && view.rows.some((row) => row.id === state.expanded);
  const expanded = useMemo(() => (expandedRowOnPage && state.expanded ? { [state.expanded]: true } : {}), [expandedRowOnPage, state.expanded]);
  const offPageSelection = selectedRows.filter((row) => !view.rows.some((candidate) => candidate.id === row.id));

  const table = useMantineReactTable<GridRow>({
    columns,
    data: view.rows,
    getRowId: (row) => row.id,
    layoutMode: "semantic",
    // Columns take the width of their content (MRT's default is a fixed 180 px each).
    defaultColumn: { size: 60, minSize: 40 },
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableFilters: false,
    enableGlobalFilter: false,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableColumnOrdering: false,
    enableToolbarInternalActions: false,
    enablePagination: false,
    enableExpandAll: false,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: view.total ?? undefined,
    enableRowSelection: bulkFormId !== undefined,
    enableSelectAll: false,
    positionToolbarAlertBanner: "none",
    // MRT's own expand and select columns are replaced by the light ones above.
    state: { rowSelection, expanded, showProgressBars: busy, isLoading: false, columnVisibility: HIDDEN_MRT_COLUMNS },
    onRowSelectionChange,
    renderTopToolbar: () => <GridToolbar links={links} view={view} selectedRows={selectedRows} bulk={bulk} note={note} />,
    renderBottomToolbar: () => <GridPagination links={links} total={view.total} cursor={view.cursor} rowCount={view.rows.length} />,
    // A detail panel makes MRT render a hidden panel row under every row (half the render time), so
    // it is there only while a row is open.
    renderDetailPanel:
      renderDetail && expandedRowOnPage
        ? ({ row }) => (row.id === state.expanded && view.detail !== null ? renderDetail(view.detail, row.original) : null)
        : undefined,
    // The column id on every cell, for styles and for tests that read a column.
    mantineTableBodyCellProps: ({ cell }) => {
      const props = { className: "portal-grid-cell", "data-column": cell.column.id };
      return props;
    },
    mantineTableBodyRowProps: ({ row, isDetailPanel }) => ({
      className: !isDetailPanel && row.original.muted ? "portal-grid-row-muted" : undefined,
    }),
    mantineTableProps: { "aria-label": definition.title, striped: false, highlightOnHover: true, withColumnBorders: false },
    mantinePaperProps: { withBorder: true, shadow: "none" },
  });

  return (
    <>
      <MantineReactTable table={table} />
      {bulk ? (
        <BulkForm bulk={bulk} returnTo={gridPageHref(definition, view.search)} offPageIds={offPageSelection.map((row) => row.id)} />
      ) : null}
      {linkDialog ? linkDialog({ href: dialogHref, onClose: closeDialog }) : null}
    </>
  );
}
