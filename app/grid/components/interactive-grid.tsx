import { MantineReactTable, useMantineReactTable } from "mantine-react-table";
import { useCallback, useMemo, useState } from "react";
import { gridPageHref, type GridLinks } from "~/grid/grid-links";
import type { GridRow } from "~/grid/grid-view";
import { ActionAnswer, type DataGridProps, detailContext, gridActions, NO_ACTIONS, SelectionForm, selectionFormIdOf } from "./data-grid-parts";
import { EmptyRows } from "./empty-rows";
import { RowActions } from "./grid-action-forms";
import { useGridBusy } from "./grid-busy";
import { GridCorrections } from "./grid-corrections";
import { GridPagination } from "./grid-pagination";
import { GridToolbar } from "./grid-toolbar";
import { columnIdsOf, HIDDEN_MRT_COLUMNS, useGridColumns } from "./use-grid-columns";
import { useGridSelection } from "./use-grid-selection";
import { wideRegionProps } from "./wide-region";

/**
 * The grid once hydrated: mantine-react-table over the same rows, links and forms. Its own chunk
 * (with mantine-react-table and what it imports), loaded after hydration by data-grid.tsx.
 */
export default function InteractiveGrid<Detail>({ definition, view, renderDetail, bulk, note, linkDialog, answer }: DataGridProps<Detail>) {
  const [dialogHref, setDialogHref] = useState<string | null>(null);
  const closeDialog = useCallback(() => setDialogHref(null), []);
  const busy = useGridBusy();
  const { state } = view;
  const links = useMemo<GridLinks>(() => ({ definition, state, today: view.today }), [definition, state, view.today]);
  const queryKey = useMemo(() => JSON.stringify([state.filters, state.from, state.to]), [state.filters, state.from, state.to]);
  const { rowSelection, onRowSelectionChange, selectedRows } = useGridSelection(view.rows, queryKey);
  const [allMatching, setAllMatching] = useState(false);
  const returnTo = gridPageHref(definition, view.search);
  const allowed = view.actions ?? NO_ACTIONS;
  const actions = useMemo(() => gridActions(definition, allowed, state.params), [definition, allowed, state.params]);
  const bulkFormId = selectionFormIdOf(definition, bulk, actions.selection);
  const rowActions = useMemo(
    () => (actions.row.length > 0 ? (row: GridRow) => <RowActions actions={actions.row} row={row} returnTo={returnTo} disabled={busy} /> : undefined),
    [actions.row, returnTo, busy],
  );

  const { columns, pinned } = useGridColumns({
    definition,
    links,
    rows: view.rows,
    withExpand: Boolean(renderDetail),
    bulkFormId,
    onOpenLink: linkDialog ? setDialogHref : undefined,
    rowActions,
  });

  const expandedRowOnPage = state.expanded !== null && view.detail !== null && view.rows.some((row) => row.id === state.expanded);
  const expanded = useMemo(() => (expandedRowOnPage && state.expanded ? { [state.expanded]: true } : {}), [expandedRowOnPage, state.expanded]);
  const offPageSelection = selectedRows.filter((row) => !view.rows.some((candidate) => candidate.id === row.id));
  // The URL's column order, always (MRT would otherwise keep its first order and add new columns last),
  // and what stays put while the table scrolls sideways (use-grid-columns.tsx).
  const columnOrder = useMemo(() => columnIdsOf(columns), [columns]);
  const columnPinning = useMemo(() => ({ left: pinned }), [pinned]);

  const table = useMantineReactTable<GridRow>({
    columns,
    data: view.rows,
    getRowId: (row) => row.id,
    layoutMode: "semantic",
    // Columns take the width of their content (MRT's default is a fixed 180 px each).
    defaultColumn: { size: 30, minSize: 30 },
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
    state: {
      rowSelection,
      expanded,
      showProgressBars: busy,
      isLoading: false,
      columnVisibility: HIDDEN_MRT_COLUMNS,
      columnOrder,
      columnPinning,
      density: "xs",
    },
    enableColumnPinning: true,
    enableStickyHeader: true,
    mantineTableContainerProps: { className: "portal-grid-scroll", ...wideRegionProps(definition) },
    renderEmptyRowsFallback: () => <EmptyRows definition={definition} />,
    onRowSelectionChange,
    renderTopToolbar: () => (
      <>
        <GridCorrections lines={view.corrections} selfHref={returnTo} />
        <ActionAnswer definition={definition} answer={answer} returnTo={returnTo} asDialog />
        <GridToolbar
          links={links}
          view={view}
          selectedRows={selectedRows}
          bulk={bulk}
          note={note}
          toolbarActions={actions.toolbar}
          selectionActions={actions.selection}
          selectionFormId={bulkFormId}
          allMatching={allMatching}
          onAllMatchingChange={setAllMatching}
        />
      </>
    ),
    renderBottomToolbar: () => <GridPagination links={links} total={view.total} cursor={view.cursor} rowCount={view.rows.length} />,
    // A detail panel makes MRT render a hidden panel row under every row (half the render time), so
    // it is there only while a row is open.
    renderDetailPanel:
      renderDetail && expandedRowOnPage
        ? ({ row }) =>
            row.id === state.expanded && view.detail !== null ? (
              <div className="portal-grid-detail-panel">
                {renderDetail(view.detail, row.original, detailContext(definition, answer, row.id, returnTo, allowed))}
              </div>
            ) : null
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
      <SelectionForm
        bulk={bulk}
        formId={bulkFormId}
        returnTo={returnTo}
        query={actions.selection.length > 0 ? view.search : null}
        offPageIds={offPageSelection.map((row) => row.id)}
      />
      {linkDialog ? linkDialog({ href: dialogHref, onClose: closeDialog }) : null}
    </>
  );
}
